import type { UserInfo } from '@oex/protocol';
import { create } from 'zustand';

interface SessionState {
  token: string | null;
  user: UserInfo | null;
  signIn(token: string, user: UserInfo): void;
  setUser(user: UserInfo): void;
  clear(): void;
}

function storedToken(): string | null {
  try {
    return localStorage.getItem('token');
  } catch {
    return null;
  }
}

/** The signed-in user; the token is kept under `token` in local storage. */
export const useSession = create<SessionState>((set) => ({
  token: storedToken(),
  user: null,
  signIn(token, user) {
    localStorage.setItem('token', token);
    localStorage.setItem('uid', String(user.id));
    localStorage.setItem('is_seller', String(user.is_seller));
    set({ token, user });
  },
  setUser(user) {
    set({ user });
  },
  clear() {
    for (const key of ['token', 'uid', 'is_seller']) localStorage.removeItem(key);
    set({ token: null, user: null });
  },
}));
