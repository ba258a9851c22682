/**
 * better-auth's logger, less one warning. Without `BETTER_AUTH_URL` better-auth
 * takes the app's origin from each request, which is this app's documented
 * default: a playground reached as localhost, 127.0.0.1 or a LAN address gets
 * links and trusted origins for the address it was reached at. better-auth
 * warns "Base URL is not set" at every start about exactly that; the links it
 * worries about are made absolute here from the request (see `verificationLink`
 * in auth.ts) and its redirects are relative. Its dynamic `baseURL` option
 * would silence it too, but it turns the allowed hosts into trusted origins,
 * and "any host" would then trust every origin.
 */
import "server-only";

/** The start of the warning dropped when the base URL is deliberately taken from each request. */
export const BASE_URL_NOT_SET_WARNING = "[better-auth] Base URL is not set";

type LogLevel = "debug" | "info" | "warn" | "error";

/** Options of `authLogger`. */
export type AuthLoggerOptions = {
  /** True when no base URL is configured on purpose (the default): its warning is dropped. */
  baseURLFromRequest: boolean;
  /** Where lines go; the console's method for the level when omitted. */
  write?: (level: LogLevel, message: string, ...args: unknown[]) => void;
};

/** better-auth's `logger` option: every message at `warn` and above, as better-auth logs them, except the base-URL warning when it does not apply. */
export function authLogger(options: AuthLoggerOptions) {
  const write = options.write ?? writeToConsole;
  return {
    level: "warn" as const,
    log: (level: LogLevel, message: string, ...args: unknown[]) => {
      if (options.baseURLFromRequest && message.startsWith(BASE_URL_NOT_SET_WARNING)) return;
      write(level, message.startsWith("[better-auth]") ? message : `[better-auth] ${message}`, ...args);
    },
  };
}

function writeToConsole(level: LogLevel, message: string, ...args: unknown[]): void {
  if (level === "error") console.error(message, ...args);
  else if (level === "warn") console.warn(message, ...args);
  else console.log(message, ...args);
}
