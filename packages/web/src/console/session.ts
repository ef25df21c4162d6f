import { can, type OperatorLoginResult, type OperatorSessionView, type Permission } from '@oex/protocol';
import { create } from 'zustand';

/** Where the operator's token is kept: this tab only, gone when it closes (never local storage). */
export const OPERATOR_TOKEN_KEY = 'oex.operator';

interface OperatorState {
  token: string | null;
  /** Who is signed in, once the server has said so (login or `session/me`). */
  operator: OperatorSessionView | null;
  signIn(result: OperatorLoginResult): void;
  setOperator(view: OperatorSessionView): void;
  clear(): void;
  /** Whether the signed-in role may act where `permission` is needed (the server checks it again). */
  can(permission: Permission): boolean;
}

function storedToken(): string | null {
  try {
    return sessionStorage.getItem(OPERATOR_TOKEN_KEY);
  } catch {
    return null;
  }
}

/** The signed-in operator of the console: a session apart from any user's. */
export const useOperator = create<OperatorState>((set, get) => ({
  token: storedToken(),
  operator: null,
  signIn({ token, ...view }) {
    sessionStorage.setItem(OPERATOR_TOKEN_KEY, token);
    set({ token, operator: view });
  },
  setOperator(view) {
    set({ operator: view });
  },
  clear() {
    sessionStorage.removeItem(OPERATOR_TOKEN_KEY);
    set({ token: null, operator: null });
  },
  can(permission) {
    const { operator } = get();
    return operator !== null && can(operator.role, permission);
  },
}));

/** In a component: whether the signed-in role may act where `permission` is needed. */
export function useCan(permission: Permission): boolean {
  return useOperator((state) => state.operator !== null && can(state.operator.role, permission));
}
