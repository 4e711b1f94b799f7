import { describe, expect, it } from 'vitest';
import { i18n, matchLanguage, resolveLanguage, t } from '.';
import { kResources } from './resources';
import { issueText, pointReasonText } from './bench';
import { z } from '../core/zod';
import { kCommentTables, loadRungComments, localizeKernelComments, localizeRungComments } from './codeComments';
import { kKernels, kLadderIds, tiledSourceFile } from '../core/kernels';
import { kMainlandOnly, kSimplifiedOnly, withoutMainlandGloss } from './hanScripts';

/** Every string of a catalogue, by its full key ("ns:a.b.c"). */
function strings(node: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof node === 'string') out.set(prefix, node);
  else for (const [k, v] of Object.entries(node as object)) strings(v, prefix ? `${prefix}${prefix.endsWith(':') ? '' : '.'}${k}` : `${k}:`, out);
  return out;
}

const tw = strings(kResources['zh-TW']);
const comments = Object.entries(kCommentTables['zh-TW'] ?? {}).map(([en, lines]) => [`comment: ${en.slice(0, 40)}…`, lines.join('\n')] as const);
const kernelComments = ([2, 4, 8, 16, 32] as const).map((tile) => [`tiled${tile}.wgsl`, localizeKernelComments(tiledSourceFile(tile).source, 'zh-TW').split('\n').filter((l) => l.includes('//')).join('\n')] as const);
await loadRungComments('zh-TW');
/** The ladder's rungs' comments as the code change shows them (rungComments.test.ts checks that every one shown is translated). */
const rungComments = kLadderIds.map((id) => [kKernels[id].wgsl.file, localizeRungComments(kKernels[id].source, 'zh-TW').split('\n').filter((l) => l.includes('//')).join('\n')] as const);
const texts = [...tw, ...comments, ...kernelComments, ...rungComments];

describe('繁體中文 (zh-TW)', () => {
  it('has code comments for the exercises', () => {
    expect(comments.length).toBeGreaterThan(20);
  });

  it('writes no Simplified-only character', () => {
    const bad = texts.flatMap(([k, v]) => [...v].filter((ch) => kSimplifiedOnly.includes(ch)).map((ch) => `${k}: ${ch}`));
    expect(bad).toEqual([]);
  });

  it('uses Taiwan’s computing words, not the mainland’s (the glossary names them only in its （大陸：…） glosses)', () => {
    const bad = texts.flatMap(([k, v]) =>
      Object.keys(kMainlandOnly)
        .filter((w) => withoutMainlandGloss(v).includes(w))
        .map((w) => `${k}: ${w} → ${kMainlandOnly[w]}`),
    );
    expect(bad).toEqual([]);
  });

  it('gives the mainland word where the source documents use it', () => {
    const term = (id: string) => tw.get(`common:glossary.term.${id}`) ?? '';
    expect(term('kernel')).toBe('核心程式（大陸：內核）');
    expect(term('thread')).toContain('執行緒');
    expect(term('thread')).toContain('大陸：線程');
    expect(term('shared')).toContain('大陸：共享內存');
    expect(term('global')).toContain('全域記憶體');
    expect(term('block')).toMatch(/^區塊/);
  });

  it('the checks catch what they look for', () => {
    expect(withoutMainlandGloss('核心程式（大陸：內核）')).toBe('核心程式');
    expect(Object.keys(kMainlandOnly).filter((w) => '線程與內存'.includes(w))).toEqual(['內存', '線程']);
    expect([...'简体中文'].filter((ch) => kSimplifiedOnly.includes(ch))).toEqual(['简', '体']);
    expect([...'繁體中文'].filter((ch) => kSimplifiedOnly.includes(ch))).toEqual([]);
  });

  it('opens for the browser languages of Taiwan, Hong Kong, Macau and any Traditional-script tag', () => {
    expect(['zh-TW', 'zh-HK', 'zh-MO', 'zh-Hant', 'zh-Hant-TW', 'zh-Hant-CN', 'zh_TW', 'ZH-hk'].map(matchLanguage)).toEqual(Array(8).fill('zh-TW'));
    expect(['zh', 'zh-CN', 'zh-SG', 'zh-Hans', 'zh-Hans-HK'].map(matchLanguage)).toEqual(Array(5).fill('zh-CN'));
    expect(resolveLanguage(null, null, ['zh-HK', 'en'])).toBe('zh-TW');
    expect(resolveLanguage('zh-TW', 'zh-CN', ['en'])).toBe('zh-TW');
    expect(resolveLanguage('zh-Hant', null, [])).toBe('zh-TW');
  });

  it('says zod’s schema issues with zod’s own zh-TW locale, and a reason recorded in 简体中文 again in 繁體中文', async () => {
    const issue = z.number().safeParse('x').error!.issues[0]!;
    const recorded = t('bench:sweep.skippedEstimate', { lng: 'zh-CN', seconds: '12', from: '1024³', limit: 4 });
    try {
      await i18n.changeLanguage('zh-TW');
      const words = issueText(issue);
      expect(words).toMatch(/\p{Script=Han}/u);
      expect([...words].filter((ch) => kSimplifiedOnly.includes(ch))).toEqual([]);
      expect(pointReasonText(recorded)).toBe(t('bench:sweep.skippedEstimate', { seconds: '12', from: '1024³', limit: 4 }));
      expect(pointReasonText(recorded)).toContain('介面卡');
      await i18n.changeLanguage('zh-CN');
      expect(issueText(issue)).not.toBe(words);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
