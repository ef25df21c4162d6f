import { describe, expect, it } from 'vitest';
import { maskCardId, maySubmitIdentity, payMethodTypes } from './rules.js';

describe('personal rules', () => {
  it('hides the middle of an ID number', () => {
    expect(maskCardId('110101199003071234')).toBe('11**************34');
    expect(maskCardId('AB12')).toBe('****');
    expect(maskCardId('X1 23 45')).toBe('X1**45');
  });

  it('allows an identity submission only from none or rejected', () => {
    expect([0, 1, 2, 3].map(maySubmitIdentity)).toEqual([true, false, false, true]);
  });

  it('lists alipay, wxpay and bank from the data file, named per language', () => {
    expect(payMethodTypes('en').map((t) => [t.id, t.code, t.name])).toEqual([
      [1, 'alipay', 'Alipay'],
      [2, 'wxpay', 'WeChat Pay'],
      [3, 'bank', 'Bank card'],
    ]);
    expect(payMethodTypes('zh').map((t) => t.name)).toEqual(['支付宝', '微信支付', '银行卡']);
  });
});
