/**
 * An "attacker" host on loopback for the artifact-network specs: a TCP
 * server and a UDP socket on each given port of one address in 127.0.0.0/8,
 * recording every connection, every byte sequence's start and every datagram
 * — the packets themselves, not what a browser or its devtools say it sent.
 * An HTTP request is answered with an empty 204, so a navigation or fetch that
 * does get out ends quickly instead of hanging the page.
 */
import dgram from "node:dgram";
import net from "node:net";

/** One thing that reached the attacker. */
export type AttackerHit = { port: number; protocol: "tcp-connection" | "tcp-data" | "udp"; detail: string; at: number };

/** The listeners and what reached them. */
export type LoopbackAttacker = {
  readonly host: string;
  readonly hits: readonly AttackerHit[];
  /** What reached `port`, as lines a failure message can show. */
  describe(port: number): string[];
  close(): Promise<void>;
};

/** How much of a TCP payload or datagram a hit shows (enough to tell STUN from TURN from HTTP). */
const SHOWN_BYTES = 48;

/** Listens for TCP and UDP on each of `ports` at `host` (an address in 127.0.0.0/8). */
export async function listenAsAttacker(options: { host: string; ports: readonly number[] }): Promise<LoopbackAttacker> {
  if (!/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(options.host)) throw new Error(`the attacker listens on loopback only, not ${options.host}`);
  const hits: AttackerHit[] = [];
  const closers: (() => Promise<void>)[] = [];
  const shown = (bytes: Buffer) => bytes.subarray(0, SHOWN_BYTES).toString("latin1").replace(/[^\x20-\x7e]/g, ".");
  for (const port of options.ports) {
    const sockets = new Set<net.Socket>();
    const tcp = net.createServer((socket) => {
      sockets.add(socket);
      hits.push({ port, protocol: "tcp-connection", detail: `from ${socket.remoteAddress}:${socket.remotePort}`, at: Date.now() });
      socket.on("data", (data) => {
        hits.push({ port, protocol: "tcp-data", detail: `${data.length} bytes: ${shown(data)}`, at: Date.now() });
        if (/^(GET|POST|HEAD|OPTIONS|PUT) /.test(data.toString("latin1"))) socket.end("HTTP/1.1 204 No Content\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
      });
      socket.on("error", () => {});
      socket.on("close", () => sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      tcp.once("error", reject);
      tcp.listen(port, options.host, () => resolve());
    });
    const udp = dgram.createSocket("udp4");
    udp.on("message", (message, remote) => hits.push({ port, protocol: "udp", detail: `${message.length} bytes from ${remote.address}:${remote.port}: ${shown(message)}`, at: Date.now() }));
    await new Promise<void>((resolve, reject) => {
      udp.once("error", reject);
      udp.bind(port, options.host, () => resolve());
    });
    closers.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
      await new Promise<void>((resolve) => udp.close(() => resolve()));
    });
  }
  return {
    host: options.host,
    hits,
    describe: (port) => hits.filter((hit) => hit.port === port).map((hit) => `${hit.protocol} on ${options.host}:${port} ${hit.detail}`),
    close: async () => {
      await Promise.all(closers.map((close) => close()));
    },
  };
}
