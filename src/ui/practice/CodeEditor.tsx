/**
 * The practice view's code editor: CodeMirror 6 with WGSL highlighting, line numbers, undo,
 * Tab to indent (Esc then Tab leaves), and the compiler's errors marked on their lines. Loaded
 * only with the practice view (a lazy chunk). The editable element carries the test id
 * `exercise-editor` (inside an open shadow root, which Playwright's locators pierce).
 */
import { useEffect, useRef } from 'react';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { tags } from '@lezer/highlight';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { wgsl } from '@iizukak/codemirror-lang-wgsl';

export interface EditorMark {
  readonly line: number;
  readonly message: string;
}

/**
 * Highlighting in the page's own colours (CSS variables of both the light and the dark theme), so
 * every token keeps the page's contrast; CodeMirror's default colours fail it on the dark panel (axe).
 */
const kHighlight = HighlightStyle.define([
  // i18n-exempt: CSS values
  { tag: tags.comment, color: 'var(--muted)', fontStyle: 'italic' },
  // i18n-exempt: CSS values
  { tag: [tags.keyword, tags.controlKeyword, tags.definitionKeyword, tags.modifier], color: 'var(--accent)', fontWeight: '700' },
  // i18n-exempt: CSS values
  { tag: [tags.number, tags.bool, tags.string], color: 'var(--ok)' },
  // i18n-exempt: CSS values
  { tag: [tags.typeName, tags.className], color: 'var(--bad)' },
]);

const kTheme = EditorView.theme({
  // i18n-exempt: CSS values
  '&': { fontSize: '18px', border: '2px solid var(--border)', borderRadius: '6px', background: 'var(--panel)' },
  // i18n-exempt: CSS values
  '&.cm-focused': { outline: '3px solid var(--focus-inner)' },
  '.cm-content': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', caretColor: 'var(--fg)' },
  '.cm-gutters': { background: 'var(--bg)', color: 'var(--muted)' },
  // No scrolling box of its own (lines wrap, the page scrolls): a scrolling region needs its own tab stop (axe).
});

function diagnostics(state: EditorState, marks: readonly EditorMark[]): Diagnostic[] {
  return marks.map((m) => {
    const line = state.doc.line(Math.min(Math.max(1, m.line), state.doc.lines));
    return { from: line.from, to: Math.max(line.from, line.to), severity: 'error', message: m.message };
  });
}

export function CodeEditor({ value, onChange, marks, label, describedBy }: { value: string; onChange: (v: string) => void; marks: readonly EditorMark[]; label: string; describedBy?: string }) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | undefined>(undefined);
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  }, [onChange]);

  useEffect(() => {
    // In a shadow root: CodeMirror's styles then go into a constructed style sheet (style-mod's
    // adoptedStyleSheets), which the page's CSP (style-src 'self') allows; in the document they
    // would be <style> elements, which it blocks (the editor would lose its layout).
    const root = host.current!.shadowRoot ?? host.current!.attachShadow({ mode: 'open' });
    const v = new EditorView({
      root,
      parent: root,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          // Long comments wrap: nothing of the goal's words is cut off at 1366 px or in classroom mode.
          EditorView.lineWrapping,
          history(),
          indentOnInput(),
          bracketMatching(),
          syntaxHighlighting(kHighlight),
          wgsl(),
          lintGutter(),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          kTheme,
          EditorView.contentAttributes.of({ 'data-testid': 'exercise-editor', 'aria-label': label, ...(describedBy ? { 'aria-describedby': describedBy } : {}) }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) change.current(u.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = undefined;
    };
    // The editor is made once; later values arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new text from outside (another exercise, the solution, the skeleton): replace the document.
  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    const v = view.current;
    if (v) v.dispatch(setDiagnostics(v.state, diagnostics(v.state, marks)));
  }, [marks]);

  return <div ref={host} className="practice-editor" />;
}
