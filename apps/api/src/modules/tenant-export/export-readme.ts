import { APP_VERSION } from '@tagstock/contract';
import { TENANT_TIME_ZONE } from '../../platform/documents/numbering';
import { SHARED_COLUMNS, TABLES, type Meaning } from './export-columns';
import type { ExportTable } from './export-tables';

/**
 * What an export wrote: each table and its row count, each folder and its file count, the issued documents whose
 * PDF is not stored yet (the first numbers, and how many in all).
 */
export type ExportSummary = {
  tables: { table: ExportTable; rows: number }[];
  files: { folder: string; table: string; count: number }[];
  pdfsNotYetStored: { listed: string[]; count: number };
};

/** The meaning of a column of a table: the table's own, else the shared one of its name. */
export const columnMeaning = (table: string, column: string): Meaning | undefined =>
  TABLES[table]?.columns?.[column] ?? SHARED_COLUMNS[column];

const MISSING: Meaning = ['(non décrit)', '(not described)'];
const cell = (text: string) => text.replaceAll('|', '\\|');

const when = (d: Date) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'medium', timeZone: TENANT_TIME_ZONE }).format(d);

/** The README.md of an export, in French then English: the files, their format, and every table's columns. */
export function exportReadme(summary: ExportSummary, info: { tenantName: string; exportedAt: Date }): string {
  const out: string[] = [];
  const add = (...lines: string[]) => out.push(...lines);
  add(
    `# ${info.tenantName} — export des données / data export`,
    '',
    `Tagstock ${APP_VERSION}, ${when(info.exportedAt)} (${TENANT_TIME_ZONE}).`,
    '',
    '## Contenu',
    '',
    '- `csv/` : chaque table en CSV pour Excel en français : UTF-8 avec BOM, séparateur `;`, virgule décimale,',
    '  dates `jj/mm/aaaa`, dates et heures `jj/mm/aaaa hh:mm:ss` à l’heure de Paris, booléens `VRAI` / `FAUX`,',
    '  un texte commençant par `=`, `+`, `-` ou `@` précédé d’une apostrophe (Excel ne l’exécute pas).',
    '- `xlsx/` : les mêmes tables en XLSX, cellules typées (nombres, dates) ; une feuille par million de lignes ;',
    '  un texte de plus de 32 767 caractères (limite d’Excel) y est coupé, le CSV le garde entier.',
    '- `documents/invoices/`, `documents/credit-notes/` : le PDF de chaque facture et avoir émis, tel qu’il a été',
    '  produit à l’émission (Factur-X), nommé par son numéro.',
    '- `documents/received-invoices/` : l’original de chaque facture reçue, nommé `<id>-<nom du fichier>`.',
    '- `files/` : les images des articles (`article-images/<id de l’article>`) et le logo.',
    '- Non exportés : les mots de passe, secrets et jetons (colonnes listées par table), les données de la',
    '  plateforme elle-même. Chaque table est lue par pages : une ligne écrite pendant l’export peut y figurer ou',
    '  non ; une sauvegarde donne une copie à un instant précis.',
    '',
    '## Contents',
    '',
    '- `csv/`: each table as CSV for French Excel: UTF-8 with BOM, `;` separator, decimal comma, `dd/mm/yyyy`',
    '  dates, `dd/mm/yyyy hh:mm:ss` times in Paris time, `VRAI` / `FAUX` booleans, text starting with `=`, `+`,',
    '  `-` or `@` prefixed with an apostrophe (so that Excel does not run it).',
    '- `xlsx/`: the same tables as XLSX with typed cells (numbers, dates); one sheet per million rows; text longer',
    '  than 32,767 characters (Excel’s limit) is cut there, the CSV keeps it whole.',
    '- `documents/invoices/`, `documents/credit-notes/`: the PDF of each issued invoice and credit note as it was',
    '  produced at its issue (Factur-X), named by its number.',
    '- `documents/received-invoices/`: the original of each received invoice, named `<id>-<file name>`.',
    '- `files/`: article images (`article-images/<article id>`) and the logo.',
    '- Not exported: passwords, secrets and tokens (columns listed per table), the platform’s own data. Each table',
    '  is read page by page: a row written during the export may or may not be in it; a backup gives a copy of one',
    '  instant.',
    '',
    '## Fichiers / Files',
    '',
    '| Dossier / Folder | Fichiers / Files |',
    '| --- | --- |',
  );
  for (const f of summary.files) add(`| \`${f.folder}\` (${f.table}) | ${f.count} |`);
  if (summary.pdfsNotYetStored.count) {
    const listed = summary.pdfsNotYetStored.listed.join(', ');
    const more = summary.pdfsNotYetStored.count - summary.pdfsNotYetStored.listed.length;
    add(
      '',
      `PDF pas encore conservés (refaire l’export plus tard) / PDFs not stored yet (export again later): ` +
        `${listed}${more > 0 ? ` (+${more})` : ''}`,
    );
  }
  add('', '## Tables', '');
  for (const { table, rows } of summary.tables) {
    const [fr, en] = TABLES[table.name]?.meaning ?? MISSING;
    add(
      `### ${table.name}`,
      '',
      `${fr} / ${en} — ${rows} ligne(s) / row(s) — \`csv/${table.name}.csv\`, \`xlsx/${table.name}.xlsx\``,
      '',
      '| Colonne / Column | Type | Signification | Meaning |',
      '| --- | --- | --- | --- |',
    );
    for (const c of table.columns) {
      const [cfr, cen] = columnMeaning(table.name, c.name) ?? MISSING;
      add(`| ${c.name} | ${c.sqlType} | ${cell(cfr)} | ${cell(cen)} |`);
    }
    for (const c of table.leftOut)
      add(
        c.why === 'secret'
          ? `| ~~${c.name}~~ | ${c.sqlType} | Secret, non exporté | Secret, not exported |`
          : `| ~~${c.name}~~ | ${c.sqlType} | Fichier, voir les dossiers ci-dessus | File, see the folders above |`,
      );
    add('');
  }
  return out.join('\n');
}
