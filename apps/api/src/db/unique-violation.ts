// A write refused by a unique index, on either database. Services that check first for a clear
// message run the write through refuseOnUniqueViolation, so two requests racing past the check get
// the same refusal instead of a 500.
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' /* PostgreSQL unique_violation */ || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export async function refuseOnUniqueViolation<T>(write: () => Promise<T>, refusal: () => Error): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw refusal();
    throw err;
  }
}
