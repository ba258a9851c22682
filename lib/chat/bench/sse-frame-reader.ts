/**
 * Reads a server-sent event stream as it arrives, in pieces cut anywhere:
 * returns the `data` of each complete event (several `data:` lines joined
 * with line breaks, as `EventSource` does) and skips comments, `retry:` and
 * `event:` lines. What the bench's watchers read the live channel with.
 */

/** An incremental reader of `text/event-stream` (see the file comment). */
export class SseFrameReader {
  private buffer = "";

  /** Takes the next piece of the stream; returns the data of every event it completed. */
  push(piece: string): string[] {
    this.buffer += piece;
    const events: string[] = [];
    for (;;) {
      const boundary = /\r?\n\r?\n/.exec(this.buffer);
      if (!boundary) break;
      const block = this.buffer.slice(0, boundary.index);
      this.buffer = this.buffer.slice(boundary.index + boundary[0].length);
      const data: string[] = [];
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith("data:")) data.push(line.slice(line.startsWith("data: ") ? 6 : 5));
      }
      if (data.length > 0) events.push(data.join("\n"));
    }
    return events;
  }
}
