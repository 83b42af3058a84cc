/**
 * The EPCs of a delivered range: `first`, then the next `count − 1` values of the same width (hexadecimal,
 * upper case). For an SGTIN-96 the serial is the low bits, so consecutive EPCs are consecutive serials.
 * Null when the range would run past the largest value of that width.
 */
export function epcRange(first: string, count: number): string[] | null {
  const width = first.length;
  const start = BigInt(`0x${first}`);
  const last = start + BigInt(count - 1);
  if (last >= 1n << BigInt(width * 4)) return null;
  const out: string[] = new Array<string>(count);
  for (let i = 0; i < count; i++) out[i] = (start + BigInt(i)).toString(16).toUpperCase().padStart(width, '0');
  return out;
}
