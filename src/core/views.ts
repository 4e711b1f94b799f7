/**
 * The app's views, as data: the one list that the URL codec (core/url.ts), the store, the
 * navigation and the page body (ui/views/registry.tsx) and the end-to-end tests (e2e/views.ts) read.
 *
 * Adding a view: an entry here, its body in src/ui/views/registry.tsx, its landmark and page object
 * in e2e/views.ts, and its label (`view.<id>`) in every catalogue (src/i18n/locales/<lang>/common.ts).
 * See docs/architecture.md.
 */
import type { MessageKey } from './said';

export interface ViewRecord {
  /** The id the code uses (the store's `view`, data-testid `nav-<id>`). */
  readonly id: string;
  /** Its `?view=` value. */
  readonly address: string;
  /** Addresses of old links that still open it. */
  readonly formerAddresses?: readonly string[];
  /** The navigation label's catalogue key. */
  readonly label: MessageKey;
  /** Query keys that belong to this view: written into the address only while it is open. */
  readonly ownKeys?: readonly string[];
  /** A query key that opens this view when the link names no view (`?sizes=` opens the benchmark). */
  readonly openedByKey?: string;
  /** A fragment that opens this view, whatever the query says; it stays in the address while the view is open. */
  readonly fragment?: RegExp;
}

/** Every view, in the order of the navigation; the first is where a page opens by default. */
export const kViewList = [
  { id: 'lesson', address: 'lesson', formerAddresses: ['matmul'], label: 'view.lesson' },
  { id: 'ladder', address: 'ladder', label: 'view.ladder' },
  { id: 'partitions', address: 'partitions', label: 'view.partitions' },
  { id: 'dot', address: 'dot', label: 'view.dot', ownKeys: ['dotn'] },
  { id: 'bench', address: 'bench', label: 'view.bench', openedByKey: 'sizes' },
  // One results link (`#r=…`) opens the shared results; two or more (`#r=…&r=…`) the comparison.
  { id: 'shared', address: 'shared', label: 'view.shared', fragment: /^#?r=(?!.*&r=)/ },
  { id: 'compare', address: 'compare', label: 'view.compare', fragment: /^#?r=.*&r=/ },
  { id: 'practice', address: 'practice', label: 'view.practice', ownKeys: ['ex'] },
  // A board link (`#b=…`: the class's links, compressed) opens the class board.
  { id: 'board', address: 'board', label: 'view.board', fragment: /^#?b=/ },
] as const satisfies readonly ViewRecord[];

export type View = (typeof kViewList)[number]['id'];

/** The view ids, in navigation order. */
export const kViews: readonly View[] = kViewList.map((v) => v.id);

/** The view a page opens on when its address says nothing else. */
export const kDefaultView: View = kViewList[0].id;

/** Every `?view=` value that opens a view: current addresses first, then former ones. */
export const kViewAddresses: readonly string[] = [
  ...kViewList.map((v) => v.address),
  ...kViewList.flatMap((v): readonly string[] => ('formerAddresses' in v ? v.formerAddresses : [])),
];

export function viewRecord(id: View): ViewRecord {
  return kViewList.find((v) => v.id === id)!;
}

export function isView(x: unknown): x is View {
  return typeof x === 'string' && (kViews as readonly string[]).includes(x);
}

/** The view an address (`?view=` value, current or former) opens, if any. */
export function viewAt(address: string): View | undefined {
  return (kViewList as readonly ViewRecord[]).find((v) => v.address === address || (v.formerAddresses ?? []).includes(address))?.id as View | undefined;
}

/** The view a fragment (`#r=…`) opens, if any. */
export function viewOfFragment(hash: string): View | undefined {
  return (kViewList as readonly ViewRecord[]).find((v) => v.fragment?.test(hash))?.id as View | undefined;
}

/** The view a query key opens when the link names no view (`sizes` → the benchmark). */
export function viewOpenedBy(key: string): View | undefined {
  return (kViewList as readonly ViewRecord[]).find((v) => v.openedByKey === key)?.id as View | undefined;
}
