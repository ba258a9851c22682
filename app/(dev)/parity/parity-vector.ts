/**
 * `ParityVectorSchema`: one file of fixtures/parity, in either dialect. The
 * union lives in the app because only the app may import both libraries;
 * each library owns its half (lib/ui/parity, lib/genui/parity).
 */
import { z } from "zod";
import { GenuiParityVectorSchema } from "@/lib/genui/parity/genui-parity-vector";
import { UiParityVectorSchema } from "@/lib/ui/parity/ui-parity-vector";

/** One parity vector file: `dialect` says which half of the contract it is. */
export const ParityVectorSchema = z.discriminatedUnion("dialect", [UiParityVectorSchema, GenuiParityVectorSchema]);
/** One parity vector file. */
export type ParityVector = z.infer<typeof ParityVectorSchema>;
