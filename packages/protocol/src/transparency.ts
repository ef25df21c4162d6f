import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from './zod.js';
import { defineCall, reply } from './contract.js';
import { Decimal } from './decimal.js';

/**
 * Proof of liabilities: per currency, a Merkle-sum tree over every user's balance, each balance
 * split into several randomly sized leaves and the tree padded to a power of two with leaves of
 * zero (user id 0, random salt), as in Buterin's proof-of-solvency note: no sibling on anyone's
 * path is another user's exact balance. A user's proof is all of their leaves, and their balance is
 * the sum of them. The server
 * builds it and the browser checks a user's inclusion proof with this same code, so what the page
 * says "verified" is exactly what the server committed to. Pure: no I/O; SHA-256 in plain
 * JavaScript (@noble/hashes), so it runs without a secure context too.
 *
 * Byte encoding (version 1). Every field is length-prefixed, so no two different field lists can
 * give the same bytes:
 *
 *     field(b)  = uint32 big-endian byte length of b ‖ b
 *     text(s)   = field(UTF-8 bytes of s)
 *     amount(d) = text(canonical decimal of d: no sign for ≥ 0, no leading zeros, no trailing
 *                 fraction zeros, no point without a fraction; zero is "0")
 *
 *     leaf.hash    = SHA-256(text("oex/liabilities/leaf/v1") ‖ text(user_id in decimal)
 *                            ‖ field(salt: 32 bytes) ‖ amount(balance))
 *     leaf.sum     = balance
 *     node.hash    = SHA-256(text("oex/liabilities/node/v1") ‖ field(left.hash) ‖ amount(left.sum)
 *                            ‖ field(right.hash) ‖ amount(right.sum))
 *     node.sum     = left.sum + right.sum
 *     padding.hash = SHA-256(text("oex/liabilities/padding/v1")), padding.sum = 0
 *
 * Leaves sit at level 0 in index order; level k+1 pairs the nodes 2i and 2i+1 of level k, and a
 * last node without a partner is paired with the padding node. The root is the one node of the top
 * level (a lone leaf is its own root; a tree without leaves has the padding node as its root). A
 * node's hash commits to both children's sums, not only their total, so no sibling can carry a
 * negative sum that the verifier would not see, which is how a plain Merkle-sum tree hides debts.
 */

export const LIABILITY_TREE_VERSION = 1;

const TAG_LEAF = 'oex/liabilities/leaf/v1';
const TAG_NODE = 'oex/liabilities/node/v1';
const TAG_PADDING = 'oex/liabilities/padding/v1';
export const SALT_BYTES = 32;
/** Deeper than any tree of 2^40 leaves: a longer path is refused before any hashing. */
const MAX_DEPTH = 40;
const HEX_HASH = /^[0-9a-f]{64}$/;

/** A node of the tree: its hash and the exact sum of the balances below it. */
export interface SumNode {
  hash: Uint8Array;
  sum: Decimal;
}

/** One leaf of a currency's tree: a piece of one user's balance, or a padding leaf (user 0, zero). */
export interface LiabilityLeaf {
  /** The user the piece belongs to; 0 for a padding leaf. */
  user_id: number;
  /** 32 random bytes, as 64 lowercase hex digits; fresh per leaf, currency and snapshot. */
  salt: string;
  /** The piece, canonical decimal text; a user's pieces add up to available plus locked over all their accounts of the currency. */
  balance: string;
}

/** A sibling on the way from a leaf to the root; `side` is where the sibling sits. */
export interface ProofStep {
  hash: string;
  sum: string;
  side: 'left' | 'right';
}

export interface MerkleSumTree {
  /** levels[0] are the leaves; the last level holds the root alone. */
  levels: SumNode[][];
  root: SumNode;
}

function field(bytes: Uint8Array): Uint8Array {
  const prefix = new Uint8Array(4);
  new DataView(prefix.buffer).setUint32(0, bytes.length, false);
  return concatBytes(prefix, bytes);
}

const text = (value: string) => field(utf8ToBytes(value));
const amount = (value: Decimal) => text(value.toString());

export const PADDING: Readonly<SumNode> = Object.freeze({
  hash: sha256(text(TAG_PADDING)),
  sum: Decimal.ZERO,
});

/** The leaf's node; throws on a malformed salt or a negative balance (never in a tree). */
export function leafNode(leaf: LiabilityLeaf): SumNode {
  if (!/^[0-9a-f]{64}$/.test(leaf.salt)) throw new Error('a salt is 64 lowercase hex digits');
  if (!Number.isSafeInteger(leaf.user_id) || leaf.user_id < 0) throw new Error('a user id is a whole number');
  const balance = Decimal.parse(leaf.balance);
  if (balance.toString() !== leaf.balance) throw new Error(`not a canonical decimal: ${leaf.balance}`);
  if (balance.isNegative()) throw new Error('a balance in the tree is never negative');
  const hash = sha256(
    concatBytes(text(TAG_LEAF), text(String(leaf.user_id)), field(hexToBytes(leaf.salt)), amount(balance)),
  );
  return { hash, sum: balance };
}

/** The parent of two nodes. */
export function parentNode(left: SumNode, right: SumNode): SumNode {
  const hash = sha256(
    concatBytes(text(TAG_NODE), field(left.hash), amount(left.sum), field(right.hash), amount(right.sum)),
  );
  return { hash, sum: left.sum.add(right.sum) };
}

/** How many siblings a proof in a tree of `leafCount` leaves has. */
export function treeDepth(leafCount: number): number {
  let depth = 0;
  for (let width = leafCount; width > 1; width = Math.ceil(width / 2)) depth += 1;
  return depth;
}

/** Builds the tree over the leaves, in the order given. */
export function buildTree(leaves: readonly LiabilityLeaf[]): MerkleSumTree {
  const levels: SumNode[][] = [leaves.map(leafNode)];
  if (leaves.length === 0) return { levels, root: PADDING };
  for (let level = levels[0]!; level.length > 1;) {
    const next: SumNode[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(parentNode(level[i]!, level[i + 1] ?? PADDING));
    levels.push(next);
    level = next;
  }
  return { levels, root: levels[levels.length - 1]![0]! };
}

/** The siblings from the leaf at `index` up to the root. */
export function proofOf(tree: MerkleSumTree, index: number): ProofStep[] {
  const leafCount = tree.levels[0]!.length;
  if (!Number.isInteger(index) || index < 0 || index >= leafCount) throw new Error('no such leaf');
  const path: ProofStep[] = [];
  let position = index;
  for (const level of tree.levels.slice(0, -1)) {
    const sibling = level[position ^ 1] ?? PADDING;
    path.push({
      hash: bytesToHex(sibling.hash),
      sum: sibling.sum.toString(),
      side: position % 2 === 0 ? 'right' : 'left',
    });
    position >>= 1;
  }
  return path;
}

/** What a user checks their leaf against: the published root of the currency's snapshot. */
export interface PublishedRoot {
  root_hash: string;
  /** The published total liabilities of the currency. */
  total: string;
  leaf_count: number;
}

export type VerifyProblem =
  /** The leaf's salt, balance or user id is malformed, or the balance is not canonical. */
  | 'leaf_format'
  | 'negative_balance'
  | 'index'
  | 'path_length'
  | 'sibling_format'
  /** A sibling carries a negative sum: liabilities hidden from the total. */
  | 'negative_sum'
  /** A sibling's side does not match the leaf's position. */
  | 'side'
  /** A sum outside the exact decimal range. */
  | 'range'
  | 'root_hash'
  | 'total';

/** One step of a verification, for a page that shows its work. */
export type VerifyStep =
  | { kind: 'leaf'; hash: string; sum: string; ok: boolean }
  | { kind: 'level'; level: number; sibling: ProofStep; hash: string; sum: string; ok: boolean }
  | { kind: 'root_hash'; computed: string; published: string; ok: boolean }
  | { kind: 'total'; computed: string; published: string; ok: boolean };

export interface Verification {
  ok: boolean;
  steps: VerifyStep[];
  /** The first check that failed; null when all passed. */
  problem: VerifyProblem | null;
}

/**
 * Recomputes the root from a leaf and its path and compares it with the published root and total,
 * step by step. Refuses a negative balance or sibling sum, a side that does not match the index,
 * and a path whose length does not match the published number of leaves. Never throws.
 */
export function verifyInclusionSteps(
  leaf: LiabilityLeaf & { index: number },
  path: readonly ProofStep[],
  root: PublishedRoot,
): Verification {
  const steps: VerifyStep[] = [];
  const fail = (problem: VerifyProblem): Verification => ({ ok: false, steps, problem });

  const balance = Decimal.tryParse(leaf.balance);
  if (balance?.isNegative()) return fail('negative_balance');
  let node: SumNode;
  try {
    node = leafNode(leaf);
  } catch {
    return fail('leaf_format');
  }
  steps.push({ kind: 'leaf', hash: bytesToHex(node.hash), sum: node.sum.toString(), ok: true });
  if (!Number.isSafeInteger(root.leaf_count) || !Number.isSafeInteger(leaf.index)) return fail('index');
  if (leaf.index < 0 || leaf.index >= root.leaf_count) return fail('index');
  if (path.length !== treeDepth(root.leaf_count) || path.length > MAX_DEPTH) return fail('path_length');

  let position = leaf.index;
  for (const [level, sibling] of path.entries()) {
    const sum = Decimal.tryParse(sibling.sum);
    if (!HEX_HASH.test(sibling.hash) || !sum || sum.toString() !== sibling.sum) return fail('sibling_format');
    if (sum.isNegative()) return fail('negative_sum');
    if (sibling.side !== (position % 2 === 0 ? 'right' : 'left')) return fail('side');
    const other: SumNode = { hash: hexToBytes(sibling.hash), sum };
    try {
      node = sibling.side === 'right' ? parentNode(node, other) : parentNode(other, node);
    } catch {
      return fail('range');
    }
    steps.push({
      kind: 'level',
      level: level + 1,
      sibling,
      hash: bytesToHex(node.hash),
      sum: node.sum.toString(),
      ok: true,
    });
    position = Math.floor(position / 2);
  }

  const computedHash = bytesToHex(node.hash);
  const hashMatches = computedHash === root.root_hash.toLowerCase();
  steps.push({ kind: 'root_hash', computed: computedHash, published: root.root_hash, ok: hashMatches });
  if (!hashMatches) return fail('root_hash');
  const total = Decimal.tryParse(root.total);
  const totalMatches = total !== null && total.eq(node.sum);
  steps.push({ kind: 'total', computed: node.sum.toString(), published: root.total, ok: totalMatches });
  if (!totalMatches) return fail('total');
  return { ok: true, steps, problem: null };
}

/** Whether the leaf is included in the published root with the published total. */
export function verifyInclusion(
  leaf: LiabilityLeaf & { index: number },
  path: readonly ProofStep[],
  root: PublishedRoot,
): boolean {
  return verifyInclusionSteps(leaf, path, root).ok;
}

// ---- Wire ------------------------------------------------------------------------------------

/** A currency's liability snapshot as published. */
export interface LiabilitySnapshotView {
  id: number;
  currency: string;
  currency_id: number;
  /** The exchange day (YYYY-MM-DD in its zone) of a daily snapshot; null when taken on demand. */
  day: string | null;
  /** The instant the balances were read (ms). */
  taken_at: number;
  /**
   * When the daily snapshot was due (ms). A server that was down then takes it on start, so
   * taken_at may be later: both are shown. Null when taken on demand.
   */
  due_at: number | null;
  root_hash: string;
  total: string;
  leaf_count: number;
}

/** What the exchange's own chain addresses hold of a currency, where the wallet can tell. */
export interface ChainHoldingView {
  currency: string;
  /** The sum over every network of the currency; null when a network cannot be read. */
  on_chain: string | null;
  networks: { chain: string; available: boolean }[];
  /** When the figures were read (ms); they are kept a minute. */
  read_at: number;
}

export interface OperatorLogHeadView {
  id: number;
  hash: string;
}

/** GET /api/transparency: public. */
export interface TransparencyView {
  snapshots: LiabilitySnapshotView[];
  holdings: ChainHoldingView[];
  /** The head of the operator log's hash chain; null before the first entry. */
  operator_log: OperatorLogHeadView | null;
}

/** One of the caller's leaves with its place in the tree and its path to the root. */
export interface LiabilityProofLeaf extends LiabilityLeaf {
  index: number;
  path: ProofStep[];
}

/** GET /api/transparency/proof: the caller's own leaves and their paths in the latest snapshot. */
export interface LiabilityProofView {
  snapshot: LiabilitySnapshotView;
  user_id: number;
  /** The caller's balance in the snapshot: the sum of their leaves. */
  balance: string;
  leaves: LiabilityProofLeaf[];
  root_hash: string;
  total: string;
}

export const transparencyProofQuery = z.object({
  currency: z
    .string()
    .trim()
    .min(1, { message: 'rule.required' })
    .max(20, { message: 'rule.too_long' })
    .transform((code) => code.toUpperCase()),
});
export type TransparencyProofQuery = z.input<typeof transparencyProofQuery>;

export type ProofProblem =
  | VerifyProblem
  /** The proof has no leaf at all. */
  | 'no_leaves'
  /** A leaf names another user than the proof's. */
  | 'leaf_user'
  /** Two leaves of the proof are the same place of the tree. */
  | 'leaf_twice'
  /** The leaves do not add up to the stated balance. */
  | 'leaf_sum';

export interface ProofVerification {
  ok: boolean;
  /** Each leaf's own check, in the proof's order. */
  leaves: Verification[];
  /** The leaves' sum; null when a leaf's balance is unreadable. */
  sum: string | null;
  problem: ProofProblem | null;
}

/**
 * Checks a user's whole proof: every leaf is theirs and verifies against the published root and
 * total, no place of the tree is counted twice, and the leaves add up to the stated balance.
 * Never throws.
 */
export function verifyUserProof(
  proof: Pick<LiabilityProofView, 'user_id' | 'balance' | 'leaves'>,
  root: PublishedRoot,
): ProofVerification {
  const leaves = proof.leaves.map((leaf) => verifyInclusionSteps(leaf, leaf.path, root));
  let units = 0n;
  let readable = true;
  for (const leaf of proof.leaves) {
    const piece = Decimal.tryParse(leaf.balance);
    if (piece) units += piece.units;
    else readable = false;
  }
  const sum = readable ? Decimal.unitsToString(units) : null;
  const fail = (problem: ProofProblem): ProofVerification => ({ ok: false, leaves, sum, problem });
  if (proof.leaves.length === 0) return fail('no_leaves');
  if (proof.leaves.some((leaf) => leaf.user_id !== proof.user_id)) return fail('leaf_user');
  const failed = leaves.find((check) => !check.ok);
  if (failed) return fail(failed.problem!);
  if (new Set(proof.leaves.map((leaf) => leaf.index)).size !== proof.leaves.length) return fail('leaf_twice');
  const balance = Decimal.tryParse(proof.balance);
  if (sum === null || balance === null || !balance.eq(Decimal.parse(sum))) return fail('leaf_sum');
  return { ok: true, leaves, sum, problem: null };
}

/** The proof as the verifier takes it, against the root and total it states. */
export function verifyProofView(proof: LiabilityProofView): ProofVerification {
  return verifyUserProof(proof, {
    root_hash: proof.root_hash,
    total: proof.total,
    leaf_count: proof.snapshot.leaf_count,
  });
}

/** The proof-of-liabilities calls (docs/transparency.md): the public overview, your proof, a snapshot now. */
export const transparencyCalls = {
  overview: defineCall({
    method: 'GET',
    path: 'transparency',
    auth: 'public',
    reply: reply<TransparencyView>(),
    tags: ['transparency'],
    summary:
      'Public: per currency the latest liability snapshot (Merkle-sum root, total, balances, instant), chain holdings where known, the operator log head',
  }),
  proof: defineCall({
    method: 'GET',
    path: 'transparency/proof',
    auth: 'user',
    request: transparencyProofQuery,
    reply: reply<LiabilityProofView>(),
    tags: ['transparency'],
    summary:
      'Your own leaf (user id, salt, balance, index) and its path of siblings to the published root of a currency’s latest snapshot',
  }),
  takeSnapshot: defineCall({
    method: 'POST',
    path: 'admin/transparency/snapshot',
    auth: 'operator',
    reply: reply<LiabilitySnapshotView[]>(),
    tags: ['admin'],
    summary: 'Take a liability snapshot of every currency now (beside the daily one; no notice)',
  }),
};
