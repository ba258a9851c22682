/**
 * Where two JSON values first differ, for the parity page: a vector passes
 * when its result and its expected value are the same JSON (object key order
 * does not count, array order does), and a failing one says where to look.
 */

/** Object keys of a JSON object, sorted (key order is not part of JSON's meaning). */
function keysOf(value: object): string[] {
  return Object.keys(value).sort();
}

/** The path of the first difference (`$.view[0].props.text`), or undefined when `actual` and `expected` are the same JSON. */
export function jsonDifference(actual: unknown, expected: unknown, path = "$"): string | undefined {
  if (Array.isArray(actual) || Array.isArray(expected)) {
    if (!Array.isArray(actual) || !Array.isArray(expected)) return path;
    if (actual.length !== expected.length) return `${path}.length`;
    for (let index = 0; index < actual.length; index += 1) {
      const inner = jsonDifference(actual[index], expected[index], `${path}[${index}]`);
      if (inner !== undefined) return inner;
    }
    return undefined;
  }
  if (typeof actual === "object" && actual !== null && typeof expected === "object" && expected !== null) {
    const actualKeys = keysOf(actual);
    const expectedKeys = keysOf(expected);
    const missing = [...expectedKeys.filter((key) => !actualKeys.includes(key)), ...actualKeys.filter((key) => !expectedKeys.includes(key))];
    if (missing.length > 0) return `${path}.${missing[0]}`;
    for (const key of actualKeys) {
      const inner = jsonDifference((actual as Record<string, unknown>)[key], (expected as Record<string, unknown>)[key], `${path}.${key}`);
      if (inner !== undefined) return inner;
    }
    return undefined;
  }
  return Object.is(actual, expected) ? undefined : path;
}
