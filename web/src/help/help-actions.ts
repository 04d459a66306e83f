import { useAppStore } from '../store/app-store';
import { goBack, pushDoc } from './help-history';

let loadSeq = 0;

/** The documents' map (one loader per document and locale) is its own chunk, fetched on the first open. */
const DEFAULT_HELP_DOC = 'DocIndex';
const loadHelpDoc = (name: string) => import('./help-docs').then((m) => m.loadHelpDoc(name));

async function show(name: string): Promise<void> {
  const seq = ++loadSeq;
  useAppStore.setState({ activeHelpDoc: 'isLoading' });
  try {
    const doc = await loadHelpDoc(name);
    // A later open or a close wins over a slow load.
    if (seq !== loadSeq || useAppStore.getState().activeHelpDoc === null) return;
    useAppStore.setState({ activeHelpDoc: { name: doc.name, markdown: doc.markdown } });
  } catch (error) {
    console.error('Failed to load help document', error);
    if (seq !== loadSeq) return;
    const fallback = await loadHelpDoc('DocNotFound');
    useAppStore.setState({ activeHelpDoc: { name: fallback.name, markdown: fallback.markdown } });
  }
}

/** Opens a help document (DocIndex by default) and records it in the history. */
export function openHelpDoc(name: string = DEFAULT_HELP_DOC): Promise<void> {
  useAppStore.setState((s) => ({ helpDocHistory: pushDoc(s.helpDocHistory, name) }));
  return show(name);
}

/** Back: reopens the previous document, or closes the panel when none is left. */
export function helpBack(): Promise<void> {
  const { history, reopen } = goBack(useAppStore.getState().helpDocHistory);
  if (!reopen) {
    closeHelp();
    return Promise.resolve();
  }
  useAppStore.setState({ helpDocHistory: history });
  return show(reopen);
}

export function closeHelp(): void {
  loadSeq++;
  useAppStore.setState({ activeHelpDoc: null, helpDocHistory: [] });
}
