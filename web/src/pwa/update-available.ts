import { create } from 'zustand';

/** A new service worker is installed and waiting: the update prompt offers to switch to it. */
export const useUpdateAvailable = create<{ waiting: ServiceWorker | null }>()(() => ({ waiting: null }));
