// Preloaded into a production server by the process suites (`node --import`,
// startBenchServer's nodeArguments): on SIGUSR2 it prints, as one line, how
// many viewers this instance's chat hub holds per chat, so a suite can see
// that a viewer whose connection dropped was let go. It reads the hub's
// private viewer map (the chat core is on globalThis, see
// lib/chat/core/process-chat-core.ts); the line says `null` when there is no
// core or no such map, which fails the suite rather than passing it.
let probes = 0;
process.on("SIGUSR2", () => {
  probes += 1;
  const viewers = globalThis.__octoChatCore?.hub?.viewers;
  const counts = viewers instanceof Map ? Object.fromEntries([...viewers].map(([chatId, set]) => [chatId, set.size])) : null;
  process.stdout.write(`viewer-probe ${probes} ${JSON.stringify(counts)}\n`);
});
