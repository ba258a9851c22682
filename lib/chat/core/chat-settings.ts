/**
 * What a chat's replies are generated with, beyond the model: a system
 * prompt addition from the person, a temperature and a seed. Stored with
 * the chat (a comparison run gives every pane the same), validated on the
 * way in and on the way out of the database. The chat settings form
 * (app/_components/settings) reads its fields with `parseChatSettingsForm`,
 * the same rules the server applies, so a mistake is named before sending.
 */
import { z } from "zod";

/** Longest system prompt addition: a paragraph of house rules, not a second prompt. */
export const SYSTEM_ADDITION_MAX_CHARACTERS = 4_000;

/** Lowest temperature: 0 is the most predictable reply every provider accepts. */
export const TEMPERATURE_MIN = 0;

/** Highest temperature: 2 is the ceiling of OpenAI's range, the widest of the providers offered (Anthropic's stops at 1 and clamps). */
export const TEMPERATURE_MAX = 2;

/** Largest seed: a signed 32-bit integer, what every provider that takes a seed accepts. */
export const SEED_MAX = 2_147_483_647;

/** What a too-long addition is told. */
export const SYSTEM_ADDITION_TOO_LONG_MESSAGE = `The instructions can be at most ${SYSTEM_ADDITION_MAX_CHARACTERS.toLocaleString("en-US")} characters long.`;

/** What a temperature out of range (or not a number) is told. */
export const TEMPERATURE_RANGE_MESSAGE = `Temperature is a number from ${TEMPERATURE_MIN} to ${TEMPERATURE_MAX}, such as 0.7. Leave it empty for the model's default.`;

const TemperatureSchema = z
  .number({ error: TEMPERATURE_RANGE_MESSAGE })
  .finite(TEMPERATURE_RANGE_MESSAGE)
  .min(TEMPERATURE_MIN, TEMPERATURE_RANGE_MESSAGE)
  .max(TEMPERATURE_MAX, TEMPERATURE_RANGE_MESSAGE);

/** A chat's generation settings; every field optional (the provider's default). */
export const ChatSettingsSchema = z
  .object({
    systemAddition: z.string().trim().max(SYSTEM_ADDITION_MAX_CHARACTERS, SYSTEM_ADDITION_TOO_LONG_MESSAGE).optional(),
    temperature: TemperatureSchema.optional(),
    seed: z.number().int().min(0).max(SEED_MAX).optional(),
    /** False turns the repair round off (lib/chat/turn/repair-round.ts): a reply's broken blocks are then left as written. Absent: on. */
    repair: z.boolean().optional(),
  })
  .strict();

/** A chat's generation settings. */
export type ChatSettings = z.infer<typeof ChatSettingsSchema>;

/**
 * What a person sets in the chat settings form: the addition, the
 * temperature and the repair round, all replaced as a whole (absent: the
 * default). The seed is not a person's setting; a stored one is kept.
 */
export const ChatSettingsChangeSchema = ChatSettingsSchema.pick({ systemAddition: true, temperature: true, repair: true }).strict();

/** What a person sets in the chat settings form. */
export type ChatSettingsChange = z.infer<typeof ChatSettingsChangeSchema>;

/** The settings a stored column holds; anything unreadable is the defaults. */
export function readChatSettings(stored: unknown): ChatSettings {
  const parsed = ChatSettingsSchema.safeParse(stored ?? {});
  if (!parsed.success) return {};
  return withoutEmptyAddition(parsed.data);
}

/** The settings after a person's change: their addition, temperature and repair choice, the stored seed kept. */
export function applyChatSettingsChange(current: ChatSettings, change: ChatSettingsChange): ChatSettings {
  return withoutEmptyAddition({
    ...(change.systemAddition !== undefined ? { systemAddition: change.systemAddition } : {}),
    ...(change.temperature !== undefined ? { temperature: change.temperature } : {}),
    // On is the default, so only "off" is stored.
    ...(change.repair === false ? { repair: false } : {}),
    ...(current.seed !== undefined ? { seed: current.seed } : {}),
  });
}

/** The form's fields as typed; `repair` is the "Repair broken blocks" checkbox (absent: on). */
export type ChatSettingsFormValues = { systemAddition: string; temperature: string; repair?: boolean };

/** The form's reading: the change to send, or what is wrong with each field. */
export type ChatSettingsFormResult =
  | { ok: true; change: ChatSettingsChange }
  | { ok: false; errors: Partial<Record<"systemAddition" | "temperature", string>> };

/** Reads the form's fields by the server's rules: an empty temperature is the default, a comma is read as a decimal point. */
export function parseChatSettingsForm(values: ChatSettingsFormValues): ChatSettingsFormResult {
  const typed = values.temperature.trim().replace(",", ".");
  const temperature = typed === "" ? undefined : /^[+-]?(\d+\.?\d*|\.\d+)$/.test(typed) ? Number(typed) : Number.NaN;
  const parsed = ChatSettingsChangeSchema.safeParse({
    ...(values.systemAddition.trim() !== "" ? { systemAddition: values.systemAddition } : {}),
    ...(temperature !== undefined ? { temperature } : {}),
    ...(values.repair === false ? { repair: false } : {}),
  });
  if (parsed.success) return { ok: true, change: withoutEmptyAddition(parsed.data) };
  const errors: Partial<Record<"systemAddition" | "temperature", string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === "systemAddition" || field === "temperature") && errors[field] === undefined) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** The system prompt with the person's addition after it, marked as theirs. */
export function withSystemAddition(system: string, settings: ChatSettings): string {
  if (!settings.systemAddition) return system;
  return `${system}\n\n## Added by the person running this chat\n\n${settings.systemAddition}`;
}

function withoutEmptyAddition<Settings extends ChatSettingsChange>(settings: Settings): Settings {
  if (settings.systemAddition) return settings;
  const { systemAddition: _empty, ...rest } = settings;
  return rest as Settings;
}
