import { expect, test } from "vitest";
import { z } from "zod";
import { describeFields, describeSchema } from "./describe-schema";

test("prints the kinds the node schemas use", () => {
  const node = z.object({ type: z.literal("x") });
  const names = new Map([[node, "Node"]]);
  expect(describeSchema(z.array(z.union([z.string(), z.object({ label: z.string(), value: z.string().optional() })])))).toBe("(string | {label: string, value?: string})[]");
  expect(describeSchema(z.array(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()]))))).toBe("(string | number | boolean | null)[][]");
  expect(describeSchema(z.enum(["a", "b"]))).toBe('"a" | "b"');
  expect(describeSchema(z.record(z.string(), z.number()))).toBe("object");
  expect(describeSchema(z.array(node), names)).toBe("Node[]");
  expect(describeSchema(z.date())).toBe("unknown");
  expect(describeFields(z.object({ a: z.number(), b: z.boolean().optional() }))).toEqual(["a: number", "b?: boolean"]);
});
