/** Past benchmark runs, kept in this browser (zustand persist → localStorage). */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { parseStoredPayload, type SharePayload } from '../core/share';
import { t } from '../i18n';

export interface HistoryEntry {
  readonly id: string;
  readonly payload: SharePayload;
}

interface HistoryState {
  readonly entries: readonly HistoryEntry[];
}

export const kMaxHistory = 50;

export const useHistory = create<HistoryState>()(
  persist<HistoryState>(() => ({ entries: [] }), {
    name: 'tiles.history.v1',
    version: 1,
    storage: createJSONStorage(() => localStorage),
    // Whatever is stored is validated like a link: a damaged entry is dropped, not trusted.
    merge: (persisted, current) => {
      const raw = (persisted as Partial<HistoryState> | undefined)?.entries;
      const entries = Array.isArray(raw)
        ? raw.flatMap((e: unknown) => {
            const id = (e as { id?: unknown })?.id;
            const payload = parseStoredPayload((e as { payload?: unknown })?.payload);
            return typeof id === 'string' && payload ? [{ id, payload }] : [];
          })
        : [];
      return { ...current, entries };
    },
  }),
);

export function addHistory(payload: SharePayload): void {
  const id = `${payload.date}-${Math.random().toString(36).slice(2, 8)}`;
  useHistory.setState((s) => ({ entries: [{ id, payload }, ...s.entries].slice(0, kMaxHistory) }));
}

export function deleteHistory(id: string): void {
  useHistory.setState((s) => ({ entries: s.entries.filter((e) => e.id !== id) }));
}

export function clearHistory(): void {
  useHistory.setState({ entries: [] });
}

/** Import entries from exported JSON (the export's own format, whatever the language); returns how many were added, or throws with a message in the language in use. */
export function importHistory(text: string): number {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(t('bench:history.notJson'));
  }
  const list = Array.isArray(value) ? value : [value];
  const good: SharePayload[] = [];
  for (const item of list.slice(0, kMaxHistory)) {
    const p = parseStoredPayload((item as { payload?: unknown })?.payload ?? item);
    if (p) good.push(p);
  }
  if (good.length === 0) throw new Error(t('bench:history.noResults'));
  for (const p of good.reverse()) addHistory(p);
  return good.length;
}
