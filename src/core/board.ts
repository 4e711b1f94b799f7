/**
 * The class board (`?view=board`, issue #48), its pure part: the links a teacher pastes or drops,
 * read with the platform's URL parser into entries (a practice exercise's code, its sender's name
 * and timed figure; a benchmark's results link) or refusals with their reason; duplicates (the same
 * code for the same exercise, however it was sent) merged and counted; the set as a board link
 * (`#b=b1.<base64url( checksum ‖ deflate-raw(JSON) )>`, the share links' own packing: core/share.ts)
 * or, when it would be longer than a link may be, as a file of links; the class's mistakes from the
 * verdicts; ranks among trusted figures; the board as CSV. No words: state/ and ui/ say it.
 */
import { fromBase64Url, toBase64Url } from './base64url';
import { isExerciseId, kExerciseIds, type ExerciseId, type FailureKind, type ShapeVerdict, type VerdictStatus } from './practice/exercises';
import { cleanName, codeFragment, kMaxCodeValue, kMaxLinkedCode, kMaxNameChars, readCode } from './practice/link';
import { kMaxTimedValue, normalizeCode } from './practice/timing';
import { deflateRaw, inflateRaw, kMaxLinkChars, shareChecksum, kChecksumBytes } from './share';
import { text, z } from './zod';

/** Most links one board reads (occurrences, duplicates included); the rest are counted as left out. */
export const kMaxBoardLinks = 200;

/** Longest piece of text read as one link: a code link with the longest code, a timed figure and a name, with room for the address. */
export const kMaxLinkText = kMaxCodeValue + kMaxTimedValue + 4 * kMaxNameChars * 3 + 2048;

/** How much of a refused link the board keeps to show (characters). */
export const kBadTextChars = 160;

/**
 * Why a link is refused: `damaged` (its code is not base64url of UTF-8, or its address does not
 * parse), `too-long` (longer than any link the app makes), `unknown-exercise` (a code link naming no
 * exercise of this app), `not-tiles` (an address with neither a code nor results).
 */
export const kBoardRefusals = ['damaged', 'too-long', 'unknown-exercise', 'not-tiles'] as const;
export type BoardRefusal = (typeof kBoardRefusals)[number];

/** Who sent a copy of an entry: a name and a timed figure (`timed=`, still encoded), either optional. */
export interface BoardSender {
  readonly name?: string;
  readonly timed?: string;
}

/** A practice exercise's code, as many times as it was sent. */
export interface BoardPractice {
  readonly kind: 'practice';
  readonly key: string;
  readonly ex: ExerciseId;
  readonly code: string;
  readonly count: number;
  /** The copies that came with a name or a figure, in the order they came. */
  readonly senders: readonly BoardSender[];
}

/** A benchmark's results link (`#r=`): listed, opened from the board, not re-run. */
export interface BoardBench {
  readonly kind: 'bench';
  readonly key: string;
  /** The `r=` value. */
  readonly value: string;
  readonly count: number;
}

/** A link refused, with its reason and the start of its text. */
export interface BoardBad {
  readonly kind: 'bad';
  readonly key: string;
  readonly why: BoardRefusal;
  readonly text: string;
  readonly count: number;
}

export type BoardItem = BoardPractice | BoardBench | BoardBad;

export interface BoardSet {
  readonly items: readonly BoardItem[];
  /** Links past kMaxBoardLinks, not read. */
  readonly leftOut: number;
}

export const kEmptyBoard: BoardSet = { items: [], leftOut: 0 };

/** The key two copies of the same code share: the exercise and the code as a figure binds it (normalizeCode). */
export function practiceKey(ex: ExerciseId, code: string): string {
  return `${ex}\n${normalizeCode(code)}`;
}

/** Characters that may wrap a link in prose or markup ("<https://…>", "(…)", "…," at the end of a sentence). */
const kWrapStart = new Set(['<', '(', '[', '{', '"', "'", '`', '«', '“', '‘', '（', '「', '『', '【']);
const kWrapEnd = new Set(['>', ')', ']', '}', '"', "'", '`', '»', '”', '’', '）', '」', '』', '】', '.', ',', ';', ':', '!', '?', '。', '，', '；', '：', '！', '？', '、']);

function unwrap(token: string): string {
  let a = 0;
  let b = token.length;
  while (a < b && kWrapStart.has(token[a]!)) a++;
  while (b > a && kWrapEnd.has(token[b - 1]!)) b--;
  return token.slice(a, b);
}

/** What one link is, read with the URL parser: an entry's parts, or a refusal. */
export type ReadLink =
  | { readonly kind: 'practice'; readonly ex: ExerciseId; readonly code: string; readonly name?: string; readonly timed?: string }
  | { readonly kind: 'bench'; readonly value: string }
  | { readonly kind: 'bad'; readonly why: BoardRefusal };

/** Read one URL (already parsed) as a board link. */
export function readLink(url: URL): ReadLink {
  const frag = new URLSearchParams(url.hash.startsWith('#') ? url.hash.slice(1) : url.hash);
  const code = frag.get('code');
  if (code !== null) {
    const ex = url.searchParams.get('ex') ?? undefined;
    if (!isExerciseId(ex)) return { kind: 'bad', why: 'unknown-exercise' };
    const r = readCode(code);
    if (!r.ok) return { kind: 'bad', why: r.why };
    const timed = frag.get('timed');
    const name = cleanName(frag.get('name') ?? '');
    return { kind: 'practice', ex, code: r.code, ...(name !== '' ? { name } : {}), ...(timed !== null && timed.length <= kMaxTimedValue ? { timed } : {}) };
  }
  const r = frag.get('r');
  if (r !== null && r !== '') return { kind: 'bench', value: r };
  return { kind: 'bad', why: 'not-tiles' };
}

/** The base a link without an address (`?view=practice…#code=…`, `#code=…`) is read against. */
const kRelativeBase = 'https://tiles.invalid/';

/**
 * The links in a piece of text (pasted, or a dropped file's): each whitespace-separated word that
 * the URL parser reads as an http(s) address, or as a query or fragment of one (`?view=…`, `#code=…`),
 * after the punctuation prose wraps it in; other words are not links and are ignored. Each link is
 * an entry, merged with a copy of the same code, or refused with its reason; past kMaxBoardLinks
 * links the rest are counted, not read. `into` is a set already on the board, which the new links join.
 */
export function readBoardText(textIn: string, into: BoardSet = kEmptyBoard): BoardSet {
  const items = new Map<string, BoardItem>(into.items.map((i) => [i.key, i]));
  let read = into.items.reduce((n, i) => n + i.count, 0);
  let leftOut = into.leftOut;
  for (const word of textIn.split(/\s+/u)) {
    if (word === '') continue;
    const token = unwrap(word);
    if (token === '') continue;
    const relative = token.startsWith('?') || token.startsWith('#');
    let url: URL | undefined;
    if (token.length <= kMaxLinkText) {
      try {
        url = new URL(token, relative ? kRelativeBase : undefined);
      } catch {
        url = undefined;
      }
      if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) continue;
    } else if (!/^(https?:\/\/|[?#])/iu.test(token)) {
      continue; // a long word that is no address
    }
    if (read >= kMaxBoardLinks) {
      leftOut++;
      continue;
    }
    read++;
    const link: ReadLink = url ? readLink(url) : { kind: 'bad', why: 'too-long' };
    add(items, link, token);
  }
  return { items: [...items.values()], leftOut };
}

function add(items: Map<string, BoardItem>, link: ReadLink, token: string, count = 1, senders?: readonly BoardSender[]): void {
  if (link.kind === 'practice') {
    const key = practiceKey(link.ex, link.code);
    const old = items.get(key) as BoardPractice | undefined;
    const more: readonly BoardSender[] = senders ?? (link.name !== undefined || link.timed !== undefined ? [{ ...(link.name !== undefined ? { name: link.name } : {}), ...(link.timed !== undefined ? { timed: link.timed } : {}) }] : []);
    items.set(key, old ? { ...old, count: old.count + count, senders: [...old.senders, ...more] } : { kind: 'practice', key, ex: link.ex, code: link.code, count, senders: more });
  } else if (link.kind === 'bench') {
    const key = `r\n${link.value}`;
    const old = items.get(key) as BoardBench | undefined;
    items.set(key, old ? { ...old, count: old.count + count } : { kind: 'bench', key, value: link.value, count });
  } else {
    const t = Array.from(token).slice(0, kBadTextChars).join('');
    const key = `bad\n${link.why}\n${t}`;
    const old = items.get(key) as BoardBad | undefined;
    items.set(key, old ? { ...old, count: old.count + count } : { kind: 'bad', key, why: link.why, text: t, count });
  }
}

/** Every link the board holds, one per line, as the file a set too long for a link is saved as (and read back by readBoardText). */
export function boardFileText(set: BoardSet, base: string): string {
  const lines: string[] = [];
  for (const i of set.items) {
    if (i.kind === 'practice') {
      const q = `?${new URLSearchParams({ view: 'practice', ex: i.ex }).toString()}`;
      for (let k = 0; k < i.count; k++) {
        const s = i.senders[k];
        lines.push(`${base}${q}${codeFragment(i.code, s?.timed, s?.name)}`);
      }
    } else if (i.kind === 'bench') {
      for (let k = 0; k < i.count; k++) lines.push(`${base}?view=shared#r=${i.value}`);
    } else {
      // A refused link as it came (its start): read back, it is refused again.
      for (let k = 0; k < i.count; k++) lines.push(i.text);
    }
  }
  return lines.join('\n') + '\n';
}

// ---- the board link ---------------------------------------------------------------------------

export const kBoardVersion = 1;
export const kBoardPrefix = `b${kBoardVersion}.`;
/** Most bytes a board link's JSON may inflate to. */
export const kMaxBoardJson = 4 * 1024 * 1024;

const count = () => z.int().check(z.gte(1), z.lte(kMaxBoardLinks));

const BoardLinkSchema = z.strictObject({
  v: z.literal(kBoardVersion),
  p: z.array(
    z.strictObject({
      x: z.enum(kExerciseIds as unknown as [ExerciseId, ...ExerciseId[]]),
      c: text(kMaxLinkedCode),
      n: count(),
      s: z.optional(z.array(z.strictObject({ name: z.optional(text(kMaxNameChars)), timed: z.optional(text(kMaxTimedValue)) })).check(z.maxLength(kMaxBoardLinks))),
    }),
  ).check(z.maxLength(kMaxBoardLinks)),
  r: z.optional(z.array(z.strictObject({ r: text(kMaxLinkChars), n: count() })).check(z.maxLength(kMaxBoardLinks))),
  bad: z.optional(z.array(z.strictObject({ why: z.enum(kBoardRefusals), t: text(kBadTextChars * 2), n: count() })).check(z.maxLength(kMaxBoardLinks))),
  left: z.optional(z.int().check(z.gte(0), z.lte(1_000_000))),
});
type BoardLink = z.infer<typeof BoardLinkSchema>;

/** Why a board link does not open: not one (`foreign`), of a newer app, too long, damaged (its checksum or packing), or not a board (its form). */
export type BoardLinkFailure = 'foreign' | 'newer' | 'too-long' | 'damaged' | 'form';

export type EncodedBoard = { readonly ok: true; readonly value: string } | { readonly ok: false; readonly why: 'too-long'; readonly chars: number };

function toLink(set: BoardSet): BoardLink {
  const p: BoardLink['p'] = [];
  const r: NonNullable<BoardLink['r']> = [];
  const bad: NonNullable<BoardLink['bad']> = [];
  for (const i of set.items) {
    if (i.kind === 'practice') p.push({ x: i.ex, c: i.code, n: i.count, ...(i.senders.length > 0 ? { s: i.senders.map((s) => ({ ...s })) } : {}) });
    else if (i.kind === 'bench') r.push({ r: i.value, n: i.count });
    else bad.push({ why: i.why, t: i.text, n: i.count });
  }
  return { v: kBoardVersion, p, ...(r.length > 0 ? { r } : {}), ...(bad.length > 0 ? { bad } : {}), ...(set.leftOut > 0 ? { left: set.leftOut } : {}) };
}

function fromLink(b: BoardLink): BoardSet {
  const items = new Map<string, BoardItem>();
  for (const e of b.p) add(items, { kind: 'practice', ex: e.x, code: e.c }, '', e.n, (e.s ?? []).map((s) => ({ ...(s.name !== undefined && cleanName(s.name) !== '' ? { name: cleanName(s.name) } : {}), ...(s.timed !== undefined ? { timed: s.timed } : {}) })));
  for (const e of b.r ?? []) add(items, { kind: 'bench', value: e.r }, '', e.n);
  for (const e of b.bad ?? []) add(items, { kind: 'bad', why: e.why }, e.t, e.n);
  return { items: [...items.values()], leftOut: b.left ?? 0 };
}

/** The `b=` value of a board link, or why it cannot be one (longer than kMaxLinkChars: save the set as a file). */
export async function encodeBoard(set: BoardSet): Promise<EncodedBoard> {
  const json = new TextEncoder().encode(JSON.stringify(toLink(set)));
  const packed = await deflateRaw(json);
  const data = new Uint8Array(kChecksumBytes + packed.length);
  data.set(await shareChecksum(json), 0);
  data.set(packed, kChecksumBytes);
  const value = kBoardPrefix + toBase64Url(data);
  return value.length > kMaxLinkChars ? { ok: false, why: 'too-long', chars: value.length } : { ok: true, value };
}

/** The set a `b=` value carries, or why it does not open (a link damaged in transit fails its checksum). */
export async function decodeBoard(value: string): Promise<{ readonly ok: true; readonly set: BoardSet } | { readonly ok: false; readonly why: BoardLinkFailure }> {
  if (value.length > kMaxLinkChars) return { ok: false, why: 'too-long' };
  const version = /^b(\d{1,6})\./u.exec(value);
  if (!version) return { ok: false, why: 'foreign' };
  if (Number(version[1]) > kBoardVersion) return { ok: false, why: 'newer' };
  if (Number(version[1]) < 1) return { ok: false, why: 'foreign' };
  const bytes = fromBase64Url(value.slice(version[0].length));
  if (!bytes || bytes.length <= kChecksumBytes) return { ok: false, why: 'damaged' };
  let json: Uint8Array;
  try {
    json = await inflateRaw(bytes.subarray(kChecksumBytes), kMaxBoardJson);
  } catch {
    return { ok: false, why: 'damaged' };
  }
  const sum = await shareChecksum(json);
  if (!sum.every((x, i) => x === bytes[i])) return { ok: false, why: 'damaged' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(json));
  } catch {
    return { ok: false, why: 'form' };
  }
  const r = BoardLinkSchema.safeParse(parsed);
  return r.success ? { ok: true, set: fromLink(r.data) } : { ok: false, why: 'form' };
}

/** The `b=` value of a fragment (`#b=b1.…`), if it has one. */
export function boardOfFragment(hash: string): string | undefined {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!h.startsWith('b=')) return undefined;
  return new URLSearchParams(h).get('b') ?? undefined;
}

// ---- verdicts, mistakes, ranks ----------------------------------------------------------------

/** What the judge said of an entry, as the board keeps it (the practice view's verdict, summarised). */
export interface BoardCheck {
  readonly status: VerdictStatus;
  readonly failure: FailureKind;
  /** The mistake the class summary groups it under (mistakeOf); undefined when it passed. */
  readonly mistake?: string;
  /** Shapes checked, and how many of them random (what a pass covers). */
  readonly shapes: number;
  readonly random: number;
  readonly seed?: number;
}

/**
 * The mistake an entry that failed is grouped under, most telling first: the slip the judge named
 * (`slip:bs-transposed`), a race (`race:<variable>`), a structure check that failed
 * (`structure:<check>`), else the failure itself (`failure:wrong`).
 */
export function mistakeOf(failure: FailureKind, shapes: readonly ShapeVerdict[]): string | undefined {
  if (failure === 'none') return undefined;
  const slip = shapes.find((v) => v.slip)?.slip;
  if (slip && (failure === 'wrong' || failure === 'unwritten')) return `slip:${slip.kind}`;
  if (failure === 'race') {
    const race = shapes.flatMap((v) => v.races)[0];
    return race ? `race:${race.variable}` : 'failure:race';
  }
  if (failure === 'structure') {
    const bad = shapes.flatMap((v) => v.structure).find((c) => !c.ok);
    return bad ? `structure:${bad.check}` : 'failure:structure';
  }
  return `failure:${failure}`;
}

export interface ClassMistake {
  readonly ex: ExerciseId;
  readonly mistake: string;
  /** Copies that made it (duplicates counted), out of `of` copies of the exercise checked. */
  readonly count: number;
  readonly of: number;
  /** The key of an entry that made it (the example the board links to). */
  readonly example: string;
}

/** The class's mistakes per exercise: each mistake with how many copies made it, most first. */
export function classMistakes(entries: readonly BoardPractice[], checks: ReadonlyMap<string, BoardCheck>): ClassMistake[] {
  const of = new Map<ExerciseId, number>();
  const groups = new Map<string, { ex: ExerciseId; mistake: string; count: number; example: string }>();
  for (const e of entries) {
    const c = checks.get(e.key);
    if (!c) continue;
    of.set(e.ex, (of.get(e.ex) ?? 0) + e.count);
    if (!c.mistake) continue;
    const k = `${e.ex}\n${c.mistake}`;
    const g = groups.get(k);
    if (g) g.count += e.count;
    else groups.set(k, { ex: e.ex, mistake: c.mistake, count: e.count, example: e.key });
  }
  const order = (ex: ExerciseId) => kExerciseIds.indexOf(ex);
  return [...groups.values()].map((g) => ({ ...g, of: of.get(g.ex) ?? g.count })).sort((a, b) => order(a.ex) - order(b.ex) || b.count - a.count || a.mistake.localeCompare(b.mistake));
}

/** Ranks (1 = fastest) of the figures that may be ranked (trusted, timed here); ties share a rank; the rest get none. */
export function ranks(figures: ReadonlyMap<string, number | undefined>): Map<string, number> {
  const ranked = [...figures].filter((e): e is [string, number] => e[1] !== undefined && Number.isFinite(e[1])).sort((a, b) => b[1] - a[1]);
  const out = new Map<string, number>();
  ranked.forEach(([k, g], i) => out.set(k, i > 0 && g === ranked[i - 1]![1] ? out.get(ranked[i - 1]![0])! : i + 1));
  return out;
}

/** The exercise's position (1-based), for the board's order. */
export const exerciseNumber = (ex: ExerciseId): number => kExerciseIds.indexOf(ex) + 1;

// ---- CSV ------------------------------------------------------------------------------------

/**
 * One field of RFC 4180 CSV: quoted when it holds a comma, quote or line break; a text a
 * spreadsheet would read as a formula (starting with =, +, -, @, tab or CR) starts with a quote mark.
 */
export function csvField(v: string | number | undefined): string {
  if (v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  const safe = /^[=+\-@\t\r]/u.test(v) ? `'${v}` : v;
  return /[",\r\n]/u.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows of fields as CSV (CRLF line ends, as RFC 4180 writes them). */
export function toCsv(rows: readonly (readonly (string | number | undefined)[])[]): string {
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}
