import {
  REPORT_DIMENSION_IDS,
  REPORT_DIMENSIONS,
  REPORT_DIMENSIONS_MAX,
  REPORT_MEASURE_IDS,
  REPORT_MEASURES,
  REPORT_MEASURES_MAX,
  REPORT_OVERDUE_STATUSES,
  reportDayIn,
  ZReportQuery,
  type TReportDimensionId,
  type TReportFilter,
  type TReportMeasureId,
  type TReportPeriod,
  type TReportQuery,
} from '@tagstock/contract';

/**
 * The offline natural-language parser (DESIGN §4c): French or English text → the same structured query the builder
 * makes, deterministic, over the contract's labels and synonyms. Nothing it reads becomes SQL: it only picks ids of
 * the semantic layer, a period, filter values compared as parameters, a sort and a limit.
 */

export type Language = 'fr' | 'en';

export type ParseResult = {
  query: TReportQuery | null;
  unknownWords: string[];
  suggestions: { measures: TReportMeasureId[]; dimensions: TReportDimensionId[] };
  message: string | null;
};

type Entity = { kind: 'measure'; id: TReportMeasureId } | { kind: 'dimension'; id: TReportDimensionId };

// ---------------------------------------------------------------------------------------------------------------
// Normalising

/** Lower case, accents folded, apostrophes and punctuation as spaces (a decimal point or a `>` kept). */
export function normalise(text: string): string {
  return text
    .replace(/(^|[^\p{L}])ça(?=$|[^\p{L}])/giu, '$1cela') // not the "CA" of sales
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[’‘`´']/g, ' ')
    .replace(/[^a-z0-9>]+/g, ' ')
    .trim();
}

/** One word's singular, crudely (both sides of a match go through it): a final s or x dropped. */
export function stem(word: string): string {
  if (word.length > 3 && /[sx]$/.test(word) && !/ss$/.test(word)) return word.slice(0, -1);
  return word;
}

const words = (text: string) => normalise(text).split(' ').filter(Boolean);

// ---------------------------------------------------------------------------------------------------------------
// The phrase index: every label and synonym of every measure and dimension, both languages

type Phrase = { stems: string[]; raw: string; entity: Entity };

const PHRASES: Phrase[] = (() => {
  const list: Phrase[] = [];
  const add = (entity: Entity, texts: readonly string[]) => {
    for (const t of texts) {
      const w = words(t);
      if (w.length) list.push({ stems: w.map(stem), raw: w.join(' '), entity });
    }
  };
  for (const id of REPORT_MEASURE_IDS) {
    const m = REPORT_MEASURES[id];
    add({ kind: 'measure', id }, [m.label.fr, m.label.en, ...m.synonyms.fr, ...m.synonyms.en]);
  }
  for (const id of REPORT_DIMENSION_IDS) {
    const d = REPORT_DIMENSIONS[id];
    add({ kind: 'dimension', id }, [d.label.fr, d.label.en, ...d.synonyms.fr, ...d.synonyms.en]);
  }
  return list;
})();

/** Phrases by their first stem. */
const BY_FIRST = (() => {
  const map = new Map<string, Phrase[]>();
  for (const p of PHRASES) map.set(p.stems[0]!, [...(map.get(p.stems[0]!) ?? []), p]);
  return map;
})();

/** Single words of the synonyms, for typos and suggestions. */
const SYNONYM_WORDS: { word: string; entity: Entity }[] = PHRASES.filter((p) => p.stems.length === 1).map((p) => ({
  word: p.raw,
  entity: p.entity,
}));

const STOP_WORDS = new Set(
  `
  le la les l de des du d un une en et ou a au aux pour par sur dans avec sans chez quel quelle quels quelles quoi
  combien est sont etait etaient ce cet cette ces ci mon ma mes notre nos votre vos leur leurs qui que qu il ils elle
  elles y on nous je j me m moi montre montrez montrer affiche afficher affichez donne donner donnez liste lister
  listez voir veux voudrais veut aimerais peux pouvez svp stp merci plait vous tous toutes tout chaque selon
  suivant ventile ventilee ventiles ventilees repartition repartis reparti detail detaille detailles total totaux
  somme montant montants nombre quantite valeur rapport tableau analyse evolution global globale fait faites ont
  avons avez comment cela gros grosses grands grandes importants importantes plus moins
  the a an of for in on by per and or with without what which how much many is are was were be been show me give
  list display get all each total totals sum amount amounts number quantity value breakdown broken down report
  please my our their your to from at during over vs versus i we you want need see would like can could do does did
  have has had there that those these it its as so up than overall split grouped group
  ht
  `
    .split(/\s+/)
    .filter(Boolean),
);

// ---------------------------------------------------------------------------------------------------------------
// Numbers, months, days

const NUMBER_WORDS: Record<string, number> = {
  un: 1, une: 1, one: 1, deux: 2, two: 2, trois: 3, three: 3, quatre: 4, four: 4, cinq: 5, five: 5, six: 6,
  sept: 7, seven: 7, huit: 8, eight: 8, neuf: 9, nine: 9, dix: 10, ten: 10, douze: 12, twelve: 12, quinze: 15,
  fifteen: 15, vingt: 20, twenty: 20, trente: 30, thirty: 30, cinquante: 50, fifty: 50, cent: 100, hundred: 100,
  soixante: 60, sixty: 60, quatrevingt: 80, ninety: 90, quatrevingtdix: 90,
}; // prettier-ignore
const NUM = `(\\d{1,4}|${Object.keys(NUMBER_WORDS).join('|')})`;
const toNumber = (s: string) => (/^\d+$/.test(s) ? Number(s) : NUMBER_WORDS[s]!);

const MONTHS: Record<string, number> = {
  janvier: 1, janv: 1, january: 1, jan: 1, fevrier: 2, fevr: 2, fev: 2, february: 2, feb: 2, mars: 3, march: 3,
  mar: 3, avril: 4, avr: 4, april: 4, apr: 4, mai: 5, may: 5, juin: 6, june: 6, jun: 6, juillet: 7, juil: 7,
  july: 7, jul: 7, aout: 8, august: 8, aug: 8, septembre: 9, september: 9, sept: 9, sep: 9, octobre: 10,
  october: 10, oct: 10, novembre: 11, november: 11, nov: 11, decembre: 12, december: 12, dec: 12,
}; // prettier-ignore
const FULL_MONTHS = new Set(
  'janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre january february march april may june july august september october november december'.split(
    ' ',
  ),
);
const MONTH = `(${Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;
const YEAR = '((?:19|20)\\d\\d)';

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => iso(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));
const monthStart = (y: number, m: number) => `${y}-${pad(m)}-01`;
const monthEnd = (y: number, m: number) => `${y}-${pad(m)}-${pad(lastDay(y, m))}`;
/** The month `n` months after (y, m), n may be negative. */
const shiftMonth = (y: number, m: number, n: number): [number, number] => {
  const k = y * 12 + (m - 1) + n;
  return [Math.floor(k / 12), (k % 12) + 1];
};

/** Today in the tenants' zone. */
export const todayIn = reportDayIn;

// ---------------------------------------------------------------------------------------------------------------
// Rules over the normalised text: each removes what it understood (replaced by a barrier no phrase crosses)

type State = {
  text: string;
  today: string;
  period?: TReportPeriod;
  order?: { dir: 'asc' | 'desc'; limit?: number };
  filters: TReportFilter[];
  /** The measure a rule implies when the question names none (e.g. "overdue" → the amount not paid). */
  impliedMeasure?: TReportMeasureId;
  notes: { fr: string; en: string }[];
};

const BARRIER = ' | ';
type Rule = { re: RegExp; apply: (m: RegExpExecArray, s: State) => boolean | void };

/** Runs a rule on every match (returning false leaves the text as it was). */
function runRule(s: State, rule: Rule) {
  const re = new RegExp(`(?:^|(?<= ))(?:${rule.re.source})(?= |$)`, 'g');
  s.text = s.text.replace(re, (...args) => {
    const groups = args.slice(0, -2) as string[];
    const m = Object.assign([...groups], { index: 0, input: s.text }) as unknown as RegExpExecArray;
    return rule.apply(m, s) === false ? groups[0]! : BARRIER;
  });
}

const setPeriod = (s: State, period: TReportPeriod) => {
  s.period ??= period;
};
const range = (from: string, to: string): TReportPeriod => ({ from, to });

function periodRules(): Rule[] {
  const y = (s: State) => Number(s.today.slice(0, 4));
  const mo = (s: State) => Number(s.today.slice(5, 7));
  /** A month named without a year: the latest one not in the future. */
  const latestYearOf = (s: State, month: number) => (month <= mo(s) ? y(s) : y(s) - 1);
  const lastNDays = (s: State, n: number) =>
    n === 30 ? { preset: 'last_30_days' as const } : range(addDays(s.today, -(n - 1)), s.today);
  const lastNMonths = (s: State, n: number) => {
    if (n === 12) return { preset: 'last_12_months' as const };
    const [sy, sm] = shiftMonth(y(s), mo(s), -(n - 1));
    return range(monthStart(sy, sm), monthEnd(y(s), mo(s)));
  };
  const weekStart = (s: State) => {
    const dow = (new Date(`${s.today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
    return addDays(s.today, -dow);
  };
  const quarterOf = (s: State) => Math.floor((mo(s) - 1) / 3) + 1;
  const quarter = (yy: number, q: number) => range(monthStart(yy, q * 3 - 2), monthEnd(yy, q * 3));
  const ord = '(?:er|ere|e|eme|st|nd|rd|th)?';
  return [
    // The last N days / months / weeks
    {
      re: new RegExp(
        `(?:les |des |sur les |au cours des |dans les |pendant les |the |over the |in the |for the |during the )?(?:${NUM} (?:derniers|dernieres) (jours|mois|semaines)|(?:last|past|previous) ${NUM} (days|months|weeks)|${NUM} (?:last|past) (days|months|weeks))`,
      ),
      apply: ([, n1, u1, n2, u2, n3, u3], s) => {
        const n = toNumber((n1 ?? n2 ?? n3)!);
        const unit = (u1 ?? u2 ?? u3)!;
        if (n < 1) return false;
        if (/^(jours|days)$/.test(unit)) setPeriod(s, lastNDays(s, Math.min(n, 3650)));
        else if (/^(mois|months)$/.test(unit)) setPeriod(s, lastNMonths(s, Math.min(n, 120)));
        else setPeriod(s, lastNDays(s, Math.min(n * 7, 3650)));
      },
    },
    // Since a year or a month: "depuis 2025", "since March 2026"
    {
      re: new RegExp(`(?:depuis|since|a partir de)(?: le mois de)? (?:${MONTH} )?${YEAR}`),
      apply: ([, m1, yy], s) => {
        const from = monthStart(Number(yy), m1 ? MONTHS[m1]! : 1);
        if (from > s.today || (Date.parse(s.today) - Date.parse(from)) / 86_400_000 > 3650) return false;
        setPeriod(s, range(from, s.today));
      },
    },
    // From one month to another: "de janvier à mars 2026", "from January to March 2026", "entre mars 2025 et mai 2025"
    {
      re: new RegExp(
        `(?:de |du |from |between |entre |d )?(?:mois de )?${MONTH}(?: ${YEAR})? (?:a|au|to|until|till|through|thru|et|and|>) ${MONTH}(?: ${YEAR})?`,
      ),
      apply: ([, m1, y1, m2, y2], s) => {
        const [a, b] = [MONTHS[m1!]!, MONTHS[m2!]!];
        const yb = y2 ? Number(y2) : y1 ? Number(y1) : latestYearOf(s, b);
        const ya = y1 ? Number(y1) : a <= b ? yb : yb - 1;
        if (ya * 12 + a > yb * 12 + b) return false;
        setPeriod(s, range(monthStart(ya, a), monthEnd(yb, b)));
      },
    },
    // From one year to another: "de 2024 à 2026", "between 2024 and 2025"
    {
      re: new RegExp(`(?:de |from |between |entre )?${YEAR} (?:a|au|to|until|through|et|and) ${YEAR}`),
      apply: ([, y1, y2], s) => {
        if (Number(y1) > Number(y2) || Number(y2) - Number(y1) > 9) return false;
        setPeriod(s, range(`${y1}-01-01`, `${y2}-12-31`));
      },
    },
    // A quarter: "T1 2026", "Q3 2025", "1er trimestre 2026", "second quarter of 2025"
    {
      re: new RegExp(
        `(?:au |en |in |du |for |the )?(?:(?:t|q)([1-4])|([1-4])${ord} (?:trimestre|quarter)|(premier|first|deuxieme|second|troisieme|third|quatrieme|fourth) (?:trimestre|quarter))(?: (?:de |of ))?(?: ${YEAR})?`,
      ),
      apply: ([, a, b, word, yy], s) => {
        const words: Record<string, number> = {
          premier: 1, first: 1, deuxieme: 2, second: 2, troisieme: 3, third: 3, quatrieme: 4, fourth: 4,
        }; // prettier-ignore
        const q = Number(a ?? b ?? words[word!]);
        const year = yy ? Number(yy) : q <= quarterOf(s) ? y(s) : y(s) - 1;
        setPeriod(s, quarter(year, q));
      },
    },
    // A month: "en mars 2026", "in March", "du mois de janvier"
    {
      re: new RegExp(
        `(en |in |pour |for |durant |during |du mois de |au mois de |le mois de |de |d |of )?${MONTH}(?: ${YEAR})?`,
      ),
      apply: ([, prefix, m1, yy], s) => {
        const month = MONTHS[m1!]!;
        // Without a year, only a full month name ("sept" is also seven, "may" a verb unless "in May").
        if (!yy && (!FULL_MONTHS.has(m1!) || (m1 === 'may' && !prefix))) return false;
        const year = yy ? Number(yy) : latestYearOf(s, month);
        setPeriod(s, range(monthStart(year, month), monthEnd(year, month)));
      },
    },
    // Presets and plain days
    {
      re: /(?:depuis le debut du mois|le mois en cours|mois en cours|ce mois ci|ce mois la|ce mois|du mois|this month|current month|the current month|month to date|mtd)/,
      apply: (_, s) => setPeriod(s, { preset: 'this_month' }),
    },
    {
      re: /(?:le mois dernier|mois dernier|le mois precedent|mois precedent|last month|previous month|the previous month)/,
      apply: (_, s) => setPeriod(s, { preset: 'last_month' }),
    },
    {
      re: /(?:depuis le debut de l annee|l annee en cours|annee en cours|cette annee|cet exercice|this year|current year|the current year|year to date|ytd)/,
      apply: (_, s) => setPeriod(s, { preset: 'this_year' }),
    },
    {
      re: /(?:l annee derniere|annee derniere|l an dernier|an dernier|l annee precedente|annee precedente|l exercice precedent|exercice precedent|last year|previous year|the previous year|last fiscal year)/,
      apply: (_, s) => setPeriod(s, { preset: 'last_year' }),
    },
    {
      re: /(?:sur un an|sur 1 an|sur douze mois|sur 12 mois|past year|the past year|over the last year|rolling year)/,
      apply: (_, s) => setPeriod(s, { preset: 'last_12_months' }),
    },
    {
      re: /(?:cette semaine|this week|the current week|semaine en cours)/,
      apply: (_, s) => setPeriod(s, range(weekStart(s), addDays(weekStart(s), 6))),
    },
    {
      re: /(?:la semaine derniere|semaine derniere|la semaine precedente|last week|previous week|the previous week)/,
      apply: (_, s) => setPeriod(s, range(addDays(weekStart(s), -7), addDays(weekStart(s), -1))),
    },
    {
      re: /(?:ce trimestre|trimestre en cours|this quarter|current quarter|the current quarter)/,
      apply: (_, s) => setPeriod(s, quarter(y(s), quarterOf(s))),
    },
    {
      re: /(?:le trimestre dernier|trimestre dernier|le trimestre precedent|trimestre precedent|last quarter|previous quarter|the previous quarter)/,
      apply: (_, s) => {
        const [yy, q] = quarterOf(s) === 1 ? [y(s) - 1, 4] : [y(s), quarterOf(s) - 1];
        setPeriod(s, quarter(yy, q));
      },
    },
    { re: /(?:aujourd hui|today)/, apply: (_, s) => setPeriod(s, range(s.today, s.today)) },
    {
      re: /(?:hier|yesterday)/,
      apply: (_, s) => setPeriod(s, range(addDays(s.today, -1), addDays(s.today, -1))),
    },
    // A year: "en 2026", "in 2025", "pour l'année 2024", "2026"
    {
      re: new RegExp(
        `(?:en |in |pour |for |sur |durant |during |de |of )?(?:l annee |l an |l exercice |annee |exercice |the year |year |fy )?${YEAR}`,
      ),
      apply: ([, yy], s) => setPeriod(s, range(`${yy}-01-01`, `${yy}-12-31`)),
    },
  ];
}

const PERIOD_RULES = periodRules();

/** Overdue: "en retard de plus de 30 jours", "overdue by more than 60 days", "échues", "late". */
function overdueBuckets(days: number): string[] {
  const upper: Record<string, number> = {
    overdue_1_30: 30,
    overdue_31_60: 60,
    overdue_61_90: 90,
    overdue_over_90: Infinity,
  };
  return REPORT_OVERDUE_STATUSES.filter((b) => upper[b]! > days);
}

const INVOICE = '(?:(?:les |des |the )?(?:factures|facture|invoices|invoice|impayes|impaye|unpaid invoices) )?';
const MORE_THAN = '(?:plus de|de plus de|more than|over|by more than|by over|above|beyond|>|au dela de|superieur a)';
const LATE_FR = '(?:en retard|echues|echue|echus|echu|impayees en retard|non reglees en retard)';
const LATE_EN = '(?:overdue|late|past due)';

const FILTER_RULES: Rule[] = [
  {
    re: /(?:non echues|non echue|non echus|pas encore echues|a echoir|not yet due|not due yet)/,
    apply: (_, s) => {
      addFilter(s, { dimension: 'status', op: 'eq', values: ['due'] });
      s.impliedMeasure ??= 'amount_not_paid';
    },
  },
  {
    re: new RegExp(
      `${INVOICE}(?:(?:${LATE_FR}|${LATE_EN}) (?:de |by )?${MORE_THAN} ${NUM} (?:jours|jour|days|day)(?: de retard| late| overdue)?|${MORE_THAN} ${NUM} (?:jours|days) (?:de retard|en retard|late|overdue|past due))`,
    ),
    apply: ([, n1, n2], s) => overdue(s, toNumber((n1 ?? n2)!)),
  },
  {
    re: new RegExp(`${INVOICE}(?:${LATE_FR}|${LATE_EN})(?: (?:invoices|invoice|factures))?`),
    apply: (_, s) => overdue(s, 0),
  },
];

function addFilter(s: State, filter: TReportFilter) {
  if (!s.filters.some((f) => f.dimension === filter.dimension)) s.filters.push(filter);
}

function overdue(s: State, days: number) {
  const buckets = overdueBuckets(days);
  if (!buckets.length) return false;
  if (![0, 30, 60, 90].includes(days))
    s.notes.push({
      fr: `Les retards sont comptés par tranches de 30 jours : au-delà de ${days} jours est lu comme ${buckets.length === 4 ? 'en retard' : `au-delà de ${90 - (buckets.length - 1) * 30} jours`}.`,
      en: `Overdue amounts are grouped by 30 days: over ${days} days is read as ${buckets.length === 4 ? 'overdue' : `over ${90 - (buckets.length - 1) * 30} days`}.`,
    });
  addFilter(
    s,
    buckets.length === 1
      ? { dimension: 'status', op: 'eq', values: buckets }
      : { dimension: 'status', op: 'in', values: buckets },
  );
  s.impliedMeasure ??= 'amount_not_paid';
}

const ORDER_RULES: Rule[] = [
  // "top 10", "top ten", "les 5 premiers", "the 3 best", "10 meilleurs"
  {
    re: new RegExp(
      `(?:les |the )?(?:top ${NUM}|top|${NUM} (?:premiers|premieres|meilleurs|meilleures|plus gros|plus grosses|plus grands|plus grandes|plus importants|plus importantes|principaux|principales|best|biggest|largest|highest|first|top|greatest|most))`,
    ),
    apply: ([, n1, n2], s) => {
      const n = n1 ?? n2;
      s.order ??= { dir: 'desc', limit: n ? toNumber(n) : 10 };
    },
  },
  // "flop 5", "les 5 moins", "the 10 worst", "bottom 3"
  {
    re: new RegExp(
      `(?:les |the )?(?:(?:flop|bottom) ${NUM}|${NUM} (?:moins|plus faibles|plus petits|plus petites|derniers|dernieres|worst|smallest|lowest|least))`,
    ),
    apply: ([, n1, n2], s) => {
      s.order ??= { dir: 'asc', limit: toNumber((n1 ?? n2)!) };
    },
  },
  {
    re: /(?:par ordre decroissant|ordre decroissant|decroissant|decroissants|du plus grand au plus petit|descending|desc|highest first|largest first|biggest first|le plus|les plus|the most|most|highest|biggest|largest|meilleurs|meilleures|best)/,
    apply: (_, s) => {
      s.order ??= { dir: 'desc' };
    },
  },
  {
    re: /(?:par ordre croissant|ordre croissant|croissant|croissants|du plus petit au plus grand|ascending|asc|lowest first|smallest first|le moins|les moins|the least|least|lowest|smallest|worst|pires)/,
    apply: (_, s) => {
      s.order ??= { dir: 'asc' };
    },
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Names in the question: "du client Dupont", "for customer "Acme Corp"", "catégorie « Outillage »"

const NAMED_DIMENSIONS: TReportDimensionId[] = [
  'customer',
  'supplier',
  'category',
  'article',
  'customer_group',
  'consumer',
  'location',
  'reason',
];

const SENTINEL = 'qqbarrierqq';
type RawToken = { text: string; quoted: boolean; capital: boolean };

function rawTokens(question: string): RawToken[] {
  const out: RawToken[] = [];
  const re = /["“”«»]\s*([^"“”«»]+?)\s*["“”«»]|([^\s"“”«»]+)/g;
  for (const m of question.matchAll(re)) {
    if (m[1] !== undefined) out.push({ text: m[1], quoted: true, capital: false });
    else
      for (const part of m[2]!.split(/[’‘'`]/))
        if (part) out.push({ text: part, quoted: false, capital: /^\p{Lu}/u.test(part) });
  }
  return out;
}

/** Single-word dimension names ("client", "fournisseur"…) by their stem. */
const NAME_WORDS = (() => {
  const map = new Map<string, TReportDimensionId>();
  for (const p of PHRASES)
    if (p.entity.kind === 'dimension' && NAMED_DIMENSIONS.includes(p.entity.id) && p.stems.length === 1)
      map.set(p.stems[0]!, p.entity.id);
  return map;
})();

/**
 * Pulls out the names given after a dimension's word (quoted, or capitalised words not first in the question):
 * each becomes an `eq` filter on that dimension, the name compared case-insensitively with the labels (and an
 * article's reference). Answers the rest of the question as text.
 */
function extractNames(question: string, s: State): string {
  const tokens = rawTokens(question);
  // A question in title case or capitals names nothing by its capitals: only quoted names count then.
  const capitals = tokens.filter((t) => t.capital).length;
  const byCapitals = tokens.length < 3 || capitals / tokens.length <= 0.5;
  const kept: string[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const t = tokens[i]!;
    const w = words(t.text);
    const dim = !t.quoted && w.length === 1 ? NAME_WORDS.get(stem(w[0]!)) : undefined;
    const prev = i > 0 ? normalise(tokens[i - 1]!.text) : '';
    const next = tokens[i + 1];
    if (dim && next && !['par', 'by', 'per', 'chaque', 'each'].includes(prev)) {
      const name: string[] = [];
      let j = i + 1;
      if (next.quoted) {
        name.push(next.text);
        j += 1;
      } else
        while (
          byCapitals &&
          j < tokens.length &&
          tokens[j]!.capital &&
          !/^\p{Lu}{2,3}$/u.test(tokens[j]!.text) &&
          !MONTHS[normalise(tokens[j]!.text)]
        ) {
          name.push(tokens[j]!.text.replace(/[,.;:!?]+$/, ''));
          j += 1;
        }
      const value = name.join(' ').trim();
      if (value && value.length <= 200 && !s.filters.some((f) => f.dimension === dim)) {
        s.filters.push({ dimension: dim, op: 'eq', values: [value] });
        kept.push(` ${SENTINEL} `);
        i = j - 1;
        continue;
      }
    }
    kept.push(t.quoted ? `"${t.text}"` : t.text);
  }
  return kept.join(' ');
}

// ---------------------------------------------------------------------------------------------------------------
// Matching the measures and dimensions

type Match = { start: number; end: number; entity: Entity };

/** Every phrase found, then the longest ones kept first, none overlapping. */
function matchPhrases(tokens: string[]): { matches: Match[]; used: boolean[] } {
  const stems = tokens.map(stem);
  const candidates: (Match & { exact: boolean })[] = [];
  stems.forEach((first, i) => {
    for (const p of BY_FIRST.get(first) ?? []) {
      // A small word is not read as the plural it looks like ("moi" is not "mois").
      if (p.stems.length === 1 && tokens[i] !== p.raw && STOP_WORDS.has(tokens[i]!)) continue;
      if (p.stems.every((st, k) => stems[i + k] === st))
        candidates.push({
          start: i,
          end: i + p.stems.length,
          entity: p.entity,
          exact: tokens.slice(i, i + p.stems.length).join(' ') === p.raw,
        });
    }
  });
  candidates.sort(
    (a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start || Number(b.exact) - Number(a.exact),
  );
  const used = tokens.map(() => false);
  const matches: Match[] = [];
  for (const c of candidates) {
    if (used.slice(c.start, c.end).some(Boolean)) continue;
    for (let k = c.start; k < c.end; k += 1) used[k] = true;
    matches.push(c);
  }
  matches.sort((a, b) => a.start - b.start);
  return { matches, used };
}

/** Damerau–Levenshtein (optimal string alignment) distance. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j += 1) d[0]![j] = j;
  for (let i = 1; i <= a.length; i += 1)
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}

const trigrams = (w: string) => {
  const padded = `  ${w} `;
  return new Set(Array.from({ length: padded.length - 2 }, (_, i) => padded.slice(i, i + 3)));
};
/** How close a word is to a synonym word, 0…1: edit distance and shared trigrams. */
function closeness(word: string, syn: string): number {
  const byEdit = 1 - editDistance(word, syn) / Math.max(word.length, syn.length);
  const [a, b] = [trigrams(word), trigrams(syn)];
  const shared = [...a].filter((x) => b.has(x)).length;
  const byTrigram = (2 * shared) / (a.size + b.size);
  return Math.max(byEdit, byTrigram);
}

/** A typo of a single synonym word: within one edit (two from 8 letters), only one entity that close. */
function typo(word: string): Entity | undefined {
  if (word.length < 5 || /\d/.test(word)) return undefined;
  const allowed = word.length >= 8 ? 2 : 1;
  let best: { d: number; entities: Entity[] } = { d: Infinity, entities: [] };
  for (const { word: syn, entity } of SYNONYM_WORDS) {
    if (syn.length < 4) continue;
    const d = Math.min(editDistance(word, syn), editDistance(stem(word), stem(syn)));
    if (d > allowed) continue;
    if (d < best.d) best = { d, entities: [entity] };
    else if (d === best.d) best.entities.push(entity);
  }
  const distinct = new Set(best.entities.map((e) => `${e.kind}:${e.id}`));
  return distinct.size === 1 ? best.entities[0] : undefined;
}

/** The measures and dimensions closest to the words not understood (best first, at most three of each). */
export function closest(unknown: string[]): { measures: TReportMeasureId[]; dimensions: TReportDimensionId[] } {
  const scores = new Map<string, { entity: Entity; score: number }>();
  for (const w of unknown) {
    if (w.length < 3) continue;
    for (const p of PHRASES)
      for (const syn of p.raw.split(' ')) {
        if (syn.length < 3 || STOP_WORDS.has(syn)) continue;
        const score = closeness(w, syn);
        if (score < 0.5) continue;
        const key = `${p.entity.kind}:${p.entity.id}`;
        if ((scores.get(key)?.score ?? 0) < score) scores.set(key, { entity: p.entity, score });
      }
  }
  const ranked = [...scores.values()].sort((a, b) => b.score - a.score);
  return {
    measures: ranked.flatMap((r) => (r.entity.kind === 'measure' ? [r.entity.id] : [])).slice(0, 3),
    dimensions: ranked.flatMap((r) => (r.entity.kind === 'dimension' ? [r.entity.id] : [])).slice(0, 3),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The parser

const label = (e: Entity, lang: Language) =>
  e.kind === 'measure' ? REPORT_MEASURES[e.id].label[lang] : REPORT_DIMENSIONS[e.id].label[lang];
const quote = (lang: Language, s: string) => (lang === 'fr' ? `« ${s} »` : `"${s}"`);

/** The period said when none is: the last twelve months; what is still owed since ten years for the amount not paid. */
function defaultPeriod(measures: TReportMeasureId[], today: string): TReportPeriod {
  if (measures.length && measures.every((m) => m === 'amount_not_paid'))
    return { from: `${Number(today.slice(0, 4)) - 9}-01-01`, to: today };
  return { preset: 'last_12_months' };
}

export function parseQuestion(question: string, language: Language, now = new Date()): ParseResult {
  const s: State = { text: '', today: todayIn(now), filters: [], notes: [] };
  s.text = normalise(extractNames(question, s))
    .replace(new RegExp(SENTINEL, 'g'), '|')
    .replace(/>/g, ' > ')
    .replace(/ +/g, ' ')
    .trim();
  for (const rule of FILTER_RULES) runRule(s, rule);
  for (const rule of PERIOD_RULES) runRule(s, rule);
  for (const rule of ORDER_RULES) runRule(s, rule);

  const tokens = s.text.split(/\s+/).filter((t) => t && t !== '|' && t !== '>');
  const { matches, used } = matchPhrases(tokens);
  const found: Entity[] = matches.map((m) => m.entity);
  const unknownWords: string[] = [];
  tokens.forEach((t, i) => {
    if (used[i] || STOP_WORDS.has(t)) return;
    const corrected = typo(t);
    if (corrected) found.push(corrected);
    else if (!unknownWords.includes(t)) unknownWords.push(t);
  });

  let measures = [...new Set(found.flatMap((e) => (e.kind === 'measure' ? [e.id] : [])))];
  let dimensions = [...new Set(found.flatMap((e) => (e.kind === 'dimension' ? [e.id] : [])))];
  // A word of a measure that is also a rule's measure ("factures" read as sales when "en retard" was said).
  if (s.impliedMeasure && !measures.includes(s.impliedMeasure)) {
    const generic: TReportMeasureId[] = ['sales_excl_tax'];
    if (measures.every((m) => generic.includes(m))) measures = [s.impliedMeasure];
  }
  const notes = [...s.notes];
  if (measures.length > REPORT_MEASURES_MAX) {
    notes.push({
      fr: `Au plus ${REPORT_MEASURES_MAX} mesures : les premières sont gardées.`,
      en: `At most ${REPORT_MEASURES_MAX} measures: the first ones are kept.`,
    });
    measures = measures.slice(0, REPORT_MEASURES_MAX);
  }
  // Names filtered on are not also grouped by.
  dimensions = dimensions.filter((d) => !s.filters.some((f) => f.dimension === d && f.op === 'eq'));

  if (!measures.length) {
    const near = closest(unknownWords);
    const fromDims = REPORT_MEASURE_IDS.filter((m) =>
      dimensions.every((d) => (REPORT_MEASURES[m].dimensions as readonly string[]).includes(d)),
    );
    const suggestions = {
      measures: near.measures.length ? near.measures : dimensions.length ? fromDims.slice(0, 3) : [],
      dimensions: near.dimensions,
    };
    const named = suggestions.measures.map((m) => quote(language, REPORT_MEASURES[m].label[language]));
    const message =
      language === 'fr'
        ? `Je n’ai pas trouvé ce qu’il faut mesurer dans la question.${named.length ? ` Vouliez-vous dire ${named.join(', ')} ?` : ' Nommez une mesure, par exemple « ventes HT », « valeur du stock » ou « impayés ».'}`
        : `I could not find what to measure in the question.${named.length ? ` Did you mean ${named.join(', ')}?` : ' Name a measure, e.g. "sales", "stock value" or "unpaid".'}`;
    return { query: null, unknownWords, suggestions, message };
  }

  // Dimensions and filters every measure supports; the others dropped, and said.
  const supports = (d: TReportDimensionId) =>
    measures.every((m) => (REPORT_MEASURES[m].dimensions as readonly string[]).includes(d));
  const dropped = dimensions.filter((d) => !supports(d));
  dimensions = dimensions.filter(supports);
  const droppedFilters = s.filters.filter((f) => !supports(f.dimension));
  const filters = s.filters.filter((f) => supports(f.dimension));
  const measureNames = measures.map((m) => quote(language, REPORT_MEASURES[m].label[language])).join(', ');
  for (const d of [...dropped, ...droppedFilters.map((f) => f.dimension)]) {
    const dim = quote(language, label({ kind: 'dimension', id: d }, language));
    notes.push({
      fr: `${measureNames} ne se ventile pas par ${dim} : ignoré.`,
      en: `${measureNames} cannot be broken down by ${dim}: left out.`,
    });
  }
  if (dimensions.length > REPORT_DIMENSIONS_MAX) {
    notes.push({
      fr: `Au plus ${REPORT_DIMENSIONS_MAX} regroupements : les premiers sont gardés.`,
      en: `At most ${REPORT_DIMENSIONS_MAX} groupings: the first ones are kept.`,
    });
    dimensions = dimensions.slice(0, REPORT_DIMENSIONS_MAX);
  }

  const query: TReportQuery = {
    measures,
    dimensions,
    filters,
    period: s.period ?? defaultPeriod(measures, s.today),
  };
  if (s.order) {
    query.sort = { by: measures[0]!, dir: s.order.dir };
    if (s.order.limit) query.limit = Math.min(Math.max(1, s.order.limit), 10_000);
  }
  const checked = ZReportQuery.safeParse(query);
  if (!checked.success) {
    // A period beyond the limits (e.g. too long): the default one rather than no answer.
    const retry = ZReportQuery.safeParse({ ...query, period: defaultPeriod(measures, s.today) });
    if (!retry.success)
      return {
        query: null,
        unknownWords,
        suggestions: closest(unknownWords),
        message:
          language === 'fr'
            ? 'Je n’ai pas pu construire une requête valide à partir de cette question.'
            : 'I could not build a valid query from this question.',
      };
    notes.push({
      fr: 'La période demandée n’est pas possible : les 12 derniers mois sont pris.',
      en: 'The period asked for is not possible: the last 12 months are used.',
    });
    return finish(retry.data, unknownWords, notes, language);
  }
  return finish(checked.data, unknownWords, notes, language);
}

function finish(query: TReportQuery, unknownWords: string[], notes: State['notes'], language: Language): ParseResult {
  return {
    query,
    unknownWords,
    suggestions: unknownWords.length ? closest(unknownWords) : { measures: [], dimensions: [] },
    message: notes.length ? notes.map((n) => n[language]).join(' ') : null,
  };
}
