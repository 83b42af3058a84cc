/** An EPC as typed: hexadecimal, 4 to 64 digits in groups of 4 (the server's `ZEpcHex`, any case). */
export const EPC_HEX = /^([0-9A-Fa-f]{4}){1,16}$/;

/** EPCs pasted or scanned: one per line, or separated by spaces, commas or semicolons. */
export const epcsOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/** The EPCs of a list that are not hexadecimal EPCs. */
export const invalidEpcs = (epcs: readonly string[]) => epcs.filter((epc) => !EPC_HEX.test(epc));
