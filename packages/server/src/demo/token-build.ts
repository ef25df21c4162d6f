import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Abi, Hex } from 'viem';
import { serverPath } from '../lib/paths.js';

/** The demo ERC-20, compiled from its source on first use (never committed as opaque bytecode). */
export interface CompiledToken {
  abi: Abi;
  bytecode: Hex;
}

const SOURCE = serverPath('src/demo/DemoToken.sol');
let compiled: CompiledToken | undefined;

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

/** Compiles DemoToken.sol with solc-js for the 'paris' EVM target (about 1 s, once per process). */
export function demoToken(): CompiledToken {
  if (compiled) return compiled;
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string };
  const input = {
    language: 'Solidity',
    sources: { 'DemoToken.sol': { content: readFileSync(SOURCE, 'utf8') } },
    settings: {
      evmVersion: 'paris',
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const failures = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (failures.length > 0) throw new Error(failures.map((error) => error.formattedMessage).join('\n'));
  const contract = output.contracts['DemoToken.sol']!['DemoToken']!;
  compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  return compiled;
}
