import { describe, expect, it } from 'vitest';
import { decodeUrl, encodeUrl, kDefaultConfig, startView } from './url';
import { kDefaultView, kViewAddresses, kViewList, kViews, viewAt, viewOfFragment, viewOpenedBy } from './views';

describe('the view list', () => {
  it('has unique ids and addresses, and every address opens its view', () => {
    expect(new Set(kViews).size).toBe(kViews.length);
    expect(new Set(kViewAddresses).size).toBe(kViewAddresses.length);
    for (const v of kViewList) {
      expect(viewAt(v.address)).toBe(v.id);
      expect(decodeUrl(`?view=${v.address}`).view).toBe(v.id);
      expect(v.label).toBe(`view.${v.id}`);
    }
    expect(viewAt('nothing')).toBeUndefined();
  });
  it('writes each view by its address, the default one only with sizes; old addresses still open', () => {
    for (const v of kViewList) {
      const q = encodeUrl(kDefaultConfig, { view: v.id });
      expect(new URLSearchParams(q).get('view')).toBe(v.id === kDefaultView ? null : v.address);
      expect(startView(decodeUrl(q))).toBe(v.id);
    }
    expect(decodeUrl('?view=matmul').view).toBe(kDefaultView);
  });
  it('opens by fragment, then view, then key, then the default', () => {
    const shared = viewOfFragment('#r=abc');
    const bench = viewOpenedBy('sizes');
    expect(shared).toBeDefined();
    expect(bench).toBeDefined();
    expect(startView(decodeUrl('?view=dot&sizes=8'), '#r=x')).toBe(shared);
    expect(startView(decodeUrl('?sizes=8'))).toBe(bench);
    expect(startView(decodeUrl(''))).toBe(kDefaultView);
    expect(viewOfFragment('#other')).toBeUndefined();
  });
});
