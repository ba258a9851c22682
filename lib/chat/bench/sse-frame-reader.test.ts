import { describe, expect, it } from "vitest";
import { SseFrameReader } from "./sse-frame-reader";

const STREAM = 'retry: 2000\n\ndata: {"a":1}\n\n: heartbeat\n\nevent: x\ndata: line one\ndata: line two\n\ndata:{"b":2}\r\n\r\n';

describe("SseFrameReader", () => {
  it("returns each event's data and skips retry, comments and event names", () => {
    expect(new SseFrameReader().push(STREAM)).toEqual(['{"a":1}', "line one\nline two", '{"b":2}']);
  });

  it("reads the same events when the stream arrives one character at a time", () => {
    const reader = new SseFrameReader();
    const events = [...STREAM].flatMap((character) => reader.push(character));
    expect(events).toEqual(['{"a":1}', "line one\nline two", '{"b":2}']);
  });

  it("holds an event until its blank line arrives", () => {
    const reader = new SseFrameReader();
    expect(reader.push('data: {"a":1}\n')).toEqual([]);
    expect(reader.push("\n")).toEqual(['{"a":1}']);
  });
});
