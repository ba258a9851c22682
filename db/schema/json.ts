/** A JSON value as a jsonb column stores it; readers validate the shape they expect with zod. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
