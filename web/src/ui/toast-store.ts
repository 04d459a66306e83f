import { TOAST_DURATION_MS } from '@neura/contract';
import { create } from 'zustand';
import { texts } from '../texts/texts';

export type ToastSeverity = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: number;
  severity: ToastSeverity;
  /** Heading: defaults to the SPEC.md §8 title for the severity. */
  title: string;
  message: string;
  durationMs: number;
  /** An optional link button (e.g. Buy Credits). */
  action?: { label: string; to: string };
}

const TITLES: Record<ToastSeverity, string> = {
  get success() {
    return texts.toasts.success;
  },
  get error() {
    return texts.toasts.error;
  },
  get warning() {
    return texts.toasts.warning;
  },
  get info() {
    return texts.toasts.message;
  },
};

interface ToastState {
  toasts: Toast[];
  dismiss: (id: number) => void;
}

let nextId = 1;
export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

/** Shows a toast (top-end, 5 s with a progress bar). Any feature may call it. */
export function showToast(input: {
  severity: ToastSeverity;
  message: string;
  title?: string;
  durationMs?: number;
  action?: { label: string; to: string };
}): number {
  const toast: Toast = {
    id: nextId++,
    severity: input.severity,
    title: input.title ?? TITLES[input.severity],
    message: input.message,
    durationMs: input.durationMs ?? TOAST_DURATION_MS,
    ...(input.action ? { action: input.action } : {}),
  };
  useToastStore.setState((s) => ({ toasts: [...s.toasts, toast] }));
  setTimeout(() => useToastStore.getState().dismiss(toast.id), toast.durationMs);
  return toast.id;
}
