import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../src/decimal.js';
import {
  buildTree,
  PADDING,
  proofOf,
  treeDepth,
  verifyInclusion,
  verifyInclusionSteps,
  verifyUserProof,
  type LiabilityLeaf,
  type LiabilityProofLeaf,
  type ProofStep,
  type PublishedRoot,
} from '../src/transparency.js';

/** The documented byte encoding, written again with Node's own SHA-256: the two must agree. */
const field = (bytes: Buffer) => {
  const prefix = Buffer.alloc(4);
  prefix.writeUInt32BE(bytes.length);
  return Buffer.concat([prefix, bytes]);
};
const text = (value: string) => field(Buffer.from(value, 'utf8'));
const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const refLeaf = (leaf: LiabilityLeaf) =>
  sha(
    text('oex/liabilities/leaf/v1'),
    text(String(leaf.user_id)),
    field(Buffer.from(leaf.salt, 'hex')),
    text(leaf.balance),
  );
const refNode = (left: Buffer, leftSum: string, right: Buffer, rightSum: string) =>
  sha(text('oex/liabilities/node/v1'), field(left), text(leftSum), field(right), text(rightSum));

const salt = (n: number) => n.toString(16).padStart(64, '0');
const leaf = (user_id: number, balance: string, n = user_id): LiabilityLeaf => ({
  user_id,
  salt: salt(n),
  balance,
});

function published(leaves: LiabilityLeaf[]): PublishedRoot {
  const tree = buildTree(leaves);
  return {
    root_hash: Buffer.from(tree.root.hash).toString('hex'),
    total: tree.root.sum.toString(),
    leaf_count: leaves.length,
  };
}

describe('the byte encoding', () => {
  it('matches the documented encoding, padding included', () => {
    const leaves = [leaf(7, '1.5'), leaf(9, '0.000000000000000001'), leaf(12, '1000000')];
    const tree = buildTree(leaves);
    const [a, b, c] = leaves.map(refLeaf) as [Buffer, Buffer, Buffer];
    const padding = sha(text('oex/liabilities/padding/v1'));
    expect(Buffer.from(PADDING.hash).equals(padding)).toBe(true);
    const left = refNode(a, '1.5', b, '0.000000000000000001');
    const right = refNode(c, '1000000', padding, '0');
    const root = refNode(left, '1.500000000000000001', right, '1000000');
    expect(Buffer.from(tree.root.hash).toString('hex')).toBe(root.toString('hex'));
    expect(tree.root.sum.toString()).toBe('1000001.500000000000000001');
    expect(tree.levels.map((level) => level.length)).toEqual([3, 2, 1]);
  });

  it('separates fields by length, so moving a digit between fields changes the hash', () => {
    // "1" ‖ "23" and "12" ‖ "3" would be the same bytes without the length prefixes.
    const a = buildTree([leaf(1, '23', 5)]).root.hash;
    const b = buildTree([leaf(12, '3', 5)]).root.hash;
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });

  it('a lone leaf is its own root; no leaves is the padding node with a zero total', () => {
    const one = buildTree([leaf(3, '2')]);
    expect(one.root.hash).toEqual(one.levels[0]![0]!.hash);
    expect(proofOf(one, 0)).toEqual([]);
    expect(verifyInclusion({ ...leaf(3, '2'), index: 0 }, [], published([leaf(3, '2')]))).toBe(true);
    const none = buildTree([]);
    expect(none.root).toBe(PADDING);
    expect(none.root.sum.isZero()).toBe(true);
  });

  it('refuses a negative or non-canonical balance and a malformed salt when building', () => {
    expect(() => buildTree([leaf(1, '-1')])).toThrow();
    expect(() => buildTree([leaf(1, '1.50')])).toThrow();
    expect(() => buildTree([leaf(1, '01')])).toThrow();
    expect(() => buildTree([{ user_id: 1, salt: 'AB'.repeat(32), balance: '1' }])).toThrow();
    expect(() => buildTree([{ user_id: 1, salt: 'ab'.repeat(31), balance: '1' }])).toThrow();
  });

  it('knows each tree depth', () => {
    expect([0, 1, 2, 3, 4, 5, 8, 9, 1024, 1025].map(treeDepth)).toEqual([0, 0, 1, 2, 2, 3, 3, 4, 10, 11]);
  });
});

describe('a proof for every leaf', () => {
  it('verifies step by step: leaf, each level, root and total', () => {
    const leaves = [leaf(1, '10'), leaf(2, '0.5'), leaf(3, '7'), leaf(4, '1'), leaf(5, '2')];
    const root = published(leaves);
    const tree = buildTree(leaves);
    const result = verifyInclusionSteps({ ...leaves[4]!, index: 4 }, proofOf(tree, 4), root);
    expect(result.problem).toBeNull();
    expect(result.steps.map((step) => step.kind)).toEqual([
      'leaf',
      'level',
      'level',
      'level',
      'root_hash',
      'total',
    ]);
    // The fifth leaf's siblings are padding twice, then the sum of the first four.
    expect(result.steps[1]).toMatchObject({ sibling: { sum: '0', side: 'right' }, sum: '2' });
    expect(result.steps[3]).toMatchObject({ sibling: { sum: '18.5', side: 'left' }, sum: '20.5' });
    expect(result.steps.at(-1)).toMatchObject({ computed: '20.5', published: '20.5', ok: true });
  });
});

/** Random trees: balances of up to 18 integer and 18 fraction digits in the exact range. */
const balance = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }))
  .map(([whole, fraction]) => Decimal.fromUnits(whole * 10n ** 18n + fraction).toString());
const leaves = fc
  .array(fc.tuple(balance, fc.uint8Array({ minLength: 32, maxLength: 32 })), { minLength: 1, maxLength: 40 })
  .map((entries) =>
    entries.map(([amount, bytes], i) => ({
      user_id: 1000 + i,
      salt: Buffer.from(bytes).toString('hex'),
      balance: amount,
    })),
  );
const treeAndIndex = leaves.chain((list) => fc.tuple(fc.constant(list), fc.nat({ max: list.length - 1 })));

const flipHexDigit = (hex: string, at: number) =>
  hex.slice(0, at) + ((parseInt(hex[at]!, 16) + 1) % 16).toString(16) + hex.slice(at + 1);

describe('Merkle-sum properties', () => {
  it('every proof verifies, and the root sums every balance exactly', () => {
    fc.assert(
      fc.property(leaves, (list) => {
        const tree = buildTree(list);
        const root = published(list);
        const exact = list.reduce((sum, entry) => sum.add(Decimal.parse(entry.balance)), Decimal.ZERO);
        expect(tree.root.sum.eq(exact)).toBe(true);
        list.forEach((entry, index) => {
          expect(verifyInclusion({ ...entry, index }, proofOf(tree, index), root)).toBe(true);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('an altered balance fails, up or down', () => {
    fc.assert(
      fc.property(treeAndIndex, fc.bigInt({ min: 1n, max: 10n ** 20n }), ([list, index], delta) => {
        const tree = buildTree(list);
        const root = published(list);
        const own = list[index]!;
        const changed = Decimal.parse(own.balance).add(Decimal.fromUnits(delta));
        expect(
          verifyInclusion({ ...own, balance: changed.toString(), index }, proofOf(tree, index), root),
        ).toBe(false);
        const lower = Decimal.parse(own.balance).sub(Decimal.fromUnits(delta));
        expect(
          verifyInclusion({ ...own, balance: lower.toString(), index }, proofOf(tree, index), root),
        ).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('an altered salt or user id fails', () => {
    fc.assert(
      fc.property(treeAndIndex, fc.nat({ max: 63 }), ([list, index], at) => {
        const tree = buildTree(list);
        const root = published(list);
        const own = list[index]!;
        const path = proofOf(tree, index);
        expect(verifyInclusion({ ...own, salt: flipHexDigit(own.salt, at), index }, path, root)).toBe(false);
        expect(verifyInclusion({ ...own, user_id: own.user_id + 1, index }, path, root)).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('an altered sibling hash or sum fails', () => {
    const withPath = treeAndIndex.filter(([list]) => list.length > 1);
    fc.assert(
      fc.property(
        withPath,
        fc.nat(),
        fc.nat({ max: 63 }),
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        ([list, index], pick, at, delta) => {
          const tree = buildTree(list);
          const root = published(list);
          const own = { ...list[index]!, index };
          const path = proofOf(tree, index);
          const level = pick % path.length;
          const withHash = path.map((step, i) =>
            i === level ? { ...step, hash: flipHexDigit(step.hash, at) } : step,
          );
          expect(verifyInclusion(own, withHash, root)).toBe(false);
          const sum = Decimal.parse(path[level]!.sum).add(Decimal.fromUnits(delta)).toString();
          const withSum = path.map((step, i) => (i === level ? { ...step, sum } : step));
          expect(verifyInclusion(own, withSum, root)).toBe(false);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('a changed order fails: swapped siblings, a flipped side, another index', () => {
    const deep = treeAndIndex.filter(([list]) => list.length > 2);
    fc.assert(
      fc.property(deep, fc.nat(), ([list, index], pick) => {
        const tree = buildTree(list);
        const root = published(list);
        const own = { ...list[index]!, index };
        const path = proofOf(tree, index);
        const level = pick % path.length;
        const flipped = path.map((step, i): ProofStep =>
          i === level ? { ...step, side: step.side === 'left' ? 'right' : 'left' } : step,
        );
        expect(verifyInclusion(own, flipped, root)).toBe(false);
        expect(verifyInclusion(own, [...path].reverse(), root)).toBe(path.length === 1);
        const swapped = [path[1]!, path[0]!, ...path.slice(2)];
        if (path[0]!.hash !== path[1]!.hash) expect(verifyInclusion(own, swapped, root)).toBe(false);
        const elsewhere = (index + 1) % list.length;
        expect(verifyInclusion({ ...own, index: elsewhere }, path, root)).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('a wrong published total or leaf count fails', () => {
    fc.assert(
      fc.property(treeAndIndex, ([list, index]) => {
        const tree = buildTree(list);
        const root = published(list);
        const own = { ...list[index]!, index };
        const path = proofOf(tree, index);
        const more = Decimal.parse(root.total).add(Decimal.fromUnits(1n)).toString();
        expect(verifyInclusionSteps(own, path, { ...root, total: more }).problem).toBe('total');
        expect(verifyInclusionSteps(own, path, { ...root, leaf_count: list.length * 2 + 1 }).problem).toBe(
          'path_length',
        );
        expect(
          verifyInclusion(own, [...path, path[0] ?? { hash: '0'.repeat(64), sum: '0', side: 'right' }], root),
        ).toBe(false);
      }),
      { numRuns: 60 },
    );
  });
});

describe('the negative-sum attack', () => {
  /**
   * The classic trick against a Merkle-sum tree: the exchange adds a fake leaf with a negative
   * balance beside a real one, so the published total is smaller than what it owes, and every
   * proof through that sibling still adds up. The verifier refuses any negative sum it is shown.
   */
  it('a sibling with a negative sum fails even when hashes and totals are consistent', () => {
    const alice = leaf(1, '100');
    const bob = leaf(2, '50');
    // Built by hand, since buildTree refuses a negative leaf: [alice, fake -60] [bob, padding].
    const fakeSum = '-60';
    const fakeHash = Buffer.alloc(32, 7);
    const a = refLeaf(alice);
    const left = refNode(a, '100', fakeHash, fakeSum);
    const b = refLeaf(bob);
    const padding = Buffer.from(PADDING.hash);
    const right = refNode(b, '50', padding, '0');
    const rootHash = refNode(left, '40', right, '50').toString('hex');
    const root: PublishedRoot = { root_hash: rootHash, total: '90', leaf_count: 4 };
    const path: ProofStep[] = [
      { hash: fakeHash.toString('hex'), sum: fakeSum, side: 'right' },
      { hash: right.toString('hex'), sum: '50', side: 'right' },
    ];
    const result = verifyInclusionSteps({ ...alice, index: 0 }, path, root);
    expect(result.ok).toBe(false);
    expect(result.problem).toBe('negative_sum');
    // Bob's path does not show the fake leaf, but it shows its parent's sum: 40 < Alice's 100 is
    // not caught by Bob; the total 90 < 150 owed is caught by Alice, the one whose sibling lies.
    const bobPath: ProofStep[] = [
      { hash: padding.toString('hex'), sum: '0', side: 'right' },
      { hash: left.toString('hex'), sum: '40', side: 'left' },
    ];
    expect(verifyInclusion({ ...bob, index: 2 }, bobPath, root)).toBe(true);
  });

  it('a negative leaf balance is refused before hashing', () => {
    const list = [leaf(1, '5'), leaf(2, '3')];
    const tree = buildTree(list);
    const result = verifyInclusionSteps({ ...leaf(1, '-5'), index: 0 }, proofOf(tree, 0), published(list));
    expect(result.problem).toBe('negative_balance');
  });

  it('garbage never throws', () => {
    fc.assert(
      fc.property(
        fc.record({ user_id: fc.integer(), salt: fc.string(), balance: fc.string(), index: fc.integer() }),
        fc.array(fc.record({ hash: fc.string(), sum: fc.string(), side: fc.constantFrom('left', 'right') })),
        fc.record({ root_hash: fc.string(), total: fc.string(), leaf_count: fc.integer() }),
        (own, path, root) => {
          expect(verifyInclusion(own, path as ProofStep[], root)).toBe(false);
        },
      ),
    );
  });
});

describe('a user with several leaves (split balances, padded tree)', () => {
  /** Users' balances split into pieces, padded to a power of two with zero leaves of user 0. */
  const splitTree = fc
    .record({
      users: fc.array(fc.array(fc.bigInt({ min: 0n, max: 10n ** 20n }), { minLength: 1, maxLength: 5 }), {
        minLength: 1,
        maxLength: 6,
      }),
      order: fc.nat(),
    })
    .map(({ users }) => {
      const leaves: LiabilityLeaf[] = [];
      let n = 1;
      users.forEach((pieces, u) =>
        pieces.forEach((units) => leaves.push(leaf(u + 1, Decimal.fromUnits(units).toString(), (n += 1)))),
      );
      while (leaves.length & (leaves.length - 1)) leaves.push(leaf(0, '0', (n += 1)));
      leaves.sort((a, b) => (a.salt < b.salt ? 1 : -1));
      return { users, leaves };
    });

  function proofFor(leaves: LiabilityLeaf[], userId: number): LiabilityProofLeaf[] {
    const tree = buildTree(leaves);
    return leaves.flatMap((own, index) =>
      own.user_id === userId ? [{ ...own, index, path: proofOf(tree, index) }] : [],
    );
  }

  it('every leaf verifies, and the user’s leaves add up to their balance', () => {
    fc.assert(
      fc.property(splitTree, ({ users, leaves }) => {
        const root = published(leaves);
        expect(leaves.length & (leaves.length - 1)).toBe(0);
        users.forEach((pieces, u) => {
          const balance = Decimal.fromUnits(pieces.reduce((a, b) => a + b, 0n)).toString();
          const mine = proofFor(leaves, u + 1);
          expect(mine).toHaveLength(pieces.length);
          const check = verifyUserProof({ user_id: u + 1, balance, leaves: mine }, root);
          expect(check.problem).toBeNull();
          expect(check.sum).toBe(balance);
          expect(check.leaves.every((one) => one.ok)).toBe(true);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('fails a tampered leaf, a wrong balance, another user’s leaf, a leaf counted twice or none', () => {
    fc.assert(
      fc.property(splitTree, fc.nat(), ({ users, leaves }, pick) => {
        const root = published(leaves);
        const userId = (pick % users.length) + 1;
        const mine = proofFor(leaves, userId);
        const balance = Decimal.fromUnits(users[userId - 1]!.reduce((a, b) => a + b, 0n));
        const at = pick % mine.length;
        const raised = mine.map((one, i) =>
          i === at
            ? { ...one, balance: Decimal.parse(one.balance).add(Decimal.fromUnits(1n)).toString() }
            : one,
        );
        const raisedBalance = balance.add(Decimal.fromUnits(1n)).toString();
        expect(verifyUserProof({ user_id: userId, balance: raisedBalance, leaves: raised }, root).ok).toBe(
          false,
        );
        expect(verifyUserProof({ user_id: userId, balance: raisedBalance, leaves: mine }, root).problem).toBe(
          'leaf_sum',
        );
        expect(
          verifyUserProof({ user_id: userId, balance: balance.toString(), leaves: [] }, root).problem,
        ).toBe('no_leaves');
        expect(
          verifyUserProof(
            {
              user_id: userId,
              balance: balance.add(Decimal.parse(mine[0]!.balance)).toString(),
              leaves: [...mine, mine[0]!],
            },
            root,
          ).problem,
        ).toBe('leaf_twice');
        const padding = leaves.findIndex((one) => one.user_id !== userId);
        if (padding >= 0) {
          const tree = buildTree(leaves);
          const other = { ...leaves[padding]!, index: padding, path: proofOf(tree, padding) };
          expect(
            verifyUserProof(
              {
                user_id: userId,
                balance: balance.add(Decimal.parse(other.balance)).toString(),
                leaves: [...mine, other],
              },
              root,
            ).problem,
          ).toBe('leaf_user');
        }
      }),
      { numRuns: 60 },
    );
  });
});
