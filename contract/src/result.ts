/** Outcome of a validation/normalisation function: the normalised value, or a snake_case error code. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: string };
