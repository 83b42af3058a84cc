const UNITS = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** A size in the language's units (decimal, as disks are sold; kB at least): "6.5 MB", « 6,5 Mo ». */
export function formatBytes(bytes: number, language: string): string {
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}
