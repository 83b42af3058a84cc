/** GS1 SGTIN-96 partition table: company prefix bits/digits, item reference bits/digits (TDS 2.x, table 14-2). */
const PARTITIONS = [
  [40, 12, 4, 1],
  [37, 11, 7, 2],
  [34, 10, 10, 3],
  [30, 9, 14, 4],
  [27, 8, 17, 5],
  [24, 7, 20, 6],
  [20, 6, 24, 7],
] as const;

/** GS1 mod-10 check digit of the digits before it. */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[digits.length - 1 - i]);
    sum += i % 2 === 0 ? d * 3 : d;
  }
  return (10 - (sum % 10)) % 10;
}

export type Sgtin = { gtin: string; serial: string; filter: number };

/** Decodes a GS1 SGTIN-96 EPC (header 0x30); any other EPC answers null and stays hex. */
export function decodeSgtin96(epcHex: string): Sgtin | null {
  if (!/^30[0-9A-Fa-f]{22}$/.test(epcHex)) return null;
  const bits = BigInt(`0x${epcHex}`);
  const field = (offset: number, length: number) =>
    (bits >> BigInt(96 - offset - length)) & ((1n << BigInt(length)) - 1n);
  const filter = Number(field(8, 3));
  const partition = Number(field(11, 3));
  const p = PARTITIONS[partition];
  if (!p) return null;
  const [companyBits, companyDigits, itemBits, itemDigits] = p;
  const company = field(14, companyBits);
  const item = field(14 + companyBits, itemBits);
  const serial = field(14 + companyBits + itemBits, 38);
  const companyText = company.toString().padStart(companyDigits, '0');
  const itemText = item.toString().padStart(itemDigits, '0');
  if (companyText.length > companyDigits || itemText.length > itemDigits) return null;
  // The item reference's first digit is the GTIN indicator digit.
  const body = itemText[0]! + companyText + itemText.slice(1);
  return { gtin: body + gs1CheckDigit(body), serial: serial.toString(), filter };
}

/** EPC as the readers may send it (hex or base64) → upper-case hex, or null when it is neither. */
export function epcToHex(value: string, encoding: 'hex' | 'base64'): string | null {
  if (encoding === 'hex') {
    const hex = value.trim().toUpperCase();
    return /^([0-9A-F]{4}){1,16}$/.test(hex) ? hex : null;
  }
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return null;
  const buf = Buffer.from(value, 'base64');
  if (buf.length === 0 || buf.length > 32 || buf.length % 2 !== 0) return null;
  return buf.toString('hex').toUpperCase();
}
