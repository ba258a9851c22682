/**
 * The database the server under test writes to (`DATABASE_URL`, which the
 * e2e suite points at a fresh Postgres database of its own), read directly so
 * a spec can check what was stored — not only what the page shows.
 */
import postgres from "postgres";

/** Runs `read` with a connection to the e2e database, closing it afterwards. */
export async function withDatabase<Result>(read: (sql: postgres.Sql) => Promise<Result>): Promise<Result> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: the browser specs that check storage need the e2e database (npm test sets it).");
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await read(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** One stored message, as the specs look at it. */
export type StoredMessageRow = { id: string; role: string; kind: string; text: string; status: string; silent: boolean; ui: unknown; genui: unknown };

/** The stored messages of a chat, in order. */
export function storedMessages(chatId: string): Promise<StoredMessageRow[]> {
  return withDatabase(
    (sql) => sql<StoredMessageRow[]>`select id, role, kind, text, status, silent, ui, genui from messages where chat_id = ${chatId} order by sequence`,
  );
}

/** What the database says when `refuseReplies` makes it refuse a reply. */
export const REFUSAL_TEXT = "e2e: the database refused this reply";

/**
 * Makes the database refuse to store a reply of `chatId` for which `when`
 * (SQL over the row, `NEW`) holds — a value or a constraint the database
 * will not take — through a trigger; returns the undo.
 */
export async function refuseReplies(chatId: string, when = "true"): Promise<() => Promise<void>> {
  const name = `e2e_refuse_${Math.floor(Math.random() * 1e9)}`;
  await withDatabase(async (sql) => {
    await sql.unsafe(`create function ${name}() returns trigger language plpgsql as $$
      begin
        if NEW.role = 'assistant' and NEW.chat_id = '${chatId.replaceAll("'", "''")}' and (${when}) then
          raise exception '${REFUSAL_TEXT}';
        end if;
        return NEW;
      end $$`);
    await sql.unsafe(`create trigger ${name} before insert on messages for each row execute function ${name}()`);
  });
  return () =>
    withDatabase(async (sql) => {
      await sql.unsafe(`drop trigger ${name} on messages`);
      await sql.unsafe(`drop function ${name}()`);
    });
}
