import { create } from 'zustand';

export interface Toast {
  id: number;
  kind: 'success' | 'error';
  text: string;
}

interface ToastState {
  toasts: Toast[];
  show(kind: Toast['kind'], text: string, ms?: number): void;
}

let nextId = 1;

/** Short messages at the top of the screen; success toasts last 1 s, as the spec's do. */
export const useToasts = create<ToastState>((set) => ({
  toasts: [],
  show(kind, text, ms = kind === 'success' ? 1000 : 3000) {
    const id = nextId++;
    set((state) => ({ toasts: [...state.toasts, { id, kind, text }] }));
    setTimeout(() => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })), ms);
  },
}));

export function Toaster() {
  const toasts = useToasts((state) => state.toasts);
  return (
    <div
      className="pointer-events-none fixed inset-x-0 top-3 z-50 flex flex-col items-center gap-2"
      role="status"
      aria-live="polite"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`rounded px-4 py-2 text-sm text-white shadow ${toast.kind === 'success' ? 'bg-up' : 'bg-down'}`}
        >
          {toast.text}
        </div>
      ))}
    </div>
  );
}
