import { afterEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../store/app-store';
import { closeHelp, helpBack, openHelpDoc } from './help-actions';
import { resolveDocName } from './help-docs';
import { canGoBack, goBack, pushDoc } from './help-history';

describe('help history', () => {
  it('should push documents and not repeat the current one', () => {
    expect(pushDoc([], 'DocIndex')).toEqual(['DocIndex']);
    expect(pushDoc(['DocIndex'], 'DocChats')).toEqual(['DocIndex', 'DocChats']);
    expect(pushDoc(['DocIndex', 'DocChats'], 'DocChats')).toEqual(['DocIndex', 'DocChats']);
  });
  it('should enable back only with more than one entry', () => {
    expect(canGoBack([])).toBe(false);
    expect(canGoBack(['DocIndex'])).toBe(false);
    expect(canGoBack(['DocIndex', 'DocFaq'])).toBe(true);
  });
  it('should reopen the previous document, and close when none is left', () => {
    expect(goBack(['DocIndex', 'DocChats', 'DocFaq'])).toEqual({
      history: ['DocIndex', 'DocChats'],
      reopen: 'DocChats',
    });
    expect(goBack(['DocIndex'])).toEqual({ history: [], reopen: null });
    expect(goBack([])).toEqual({ history: [], reopen: null });
  });
  it('should map unknown names to DocNotFound', () => {
    expect(resolveDocName('DocFaq')).toBe('DocFaq');
    expect(resolveDocName('DocNope')).toBe('DocNotFound');
  });
});

describe('help actions', () => {
  afterEach(() => closeHelp());

  const active = () => useAppStore.getState().activeHelpDoc;

  it('should show isLoading, then the document (DocIndex by default)', async () => {
    const pending = openHelpDoc();
    expect(active()).toBe('isLoading');
    await pending;
    const doc = active();
    expect(doc).not.toBe('isLoading');
    expect(doc && doc !== 'isLoading' && doc.name).toBe('DocIndex');
    expect(doc && doc !== 'isLoading' && doc.markdown).toContain('Welcome to Neura help');
  });

  it('should open DocNotFound for an unknown name', async () => {
    await openHelpDoc('DocMissing');
    const doc = active();
    expect(doc && doc !== 'isLoading' && doc.name).toBe('DocNotFound');
  });

  it('should go back through the history and close when none is left', async () => {
    await openHelpDoc();
    await openHelpDoc('DocChats');
    await openHelpDoc('DocFaq');
    expect(useAppStore.getState().helpDocHistory).toEqual(['DocIndex', 'DocChats', 'DocFaq']);
    await helpBack();
    expect(useAppStore.getState().helpDocHistory).toEqual(['DocIndex', 'DocChats']);
    let doc = active();
    expect(doc && doc !== 'isLoading' && doc.name).toBe('DocChats');
    await helpBack();
    doc = active();
    expect(doc && doc !== 'isLoading' && doc.name).toBe('DocIndex');
    await helpBack();
    expect(active()).toBeNull();
    expect(useAppStore.getState().helpDocHistory).toEqual([]);
  });

  it('should close and forget the history', async () => {
    await openHelpDoc('DocChats');
    closeHelp();
    expect(active()).toBeNull();
    expect(useAppStore.getState().helpDocHistory).toEqual([]);
  });
});
