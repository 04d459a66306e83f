import type { CreatorOptions } from '@neura/contract';
import { useCallback, useEffect, useState } from 'react';
import { customPersonasApi } from '../personas/custom-personas-api';
import { loadMyPersonas, useMyPersonas } from '../personas/my-personas';
import { useAppStore } from '../store/app-store';

/**
 * What /create needs from the server: the builder's options and the user's own personas, loaded
 * when signed in (and again after a sign-in). `reload` tries both again after a failure.
 */
export function useCreatorData() {
  const token = useAppStore((s) => s.token);
  const [options, setOptions] = useState<CreatorOptions | null>(null);
  const [optionsError, setOptionsError] = useState<unknown>(null);
  const list = useMyPersonas();

  const reload = useCallback(async () => {
    setOptionsError(null);
    await Promise.all([customPersonasApi.options().then(setOptions, setOptionsError), loadMyPersonas()]);
  }, []);

  useEffect(() => {
    if (!token) return;
    void reload();
  }, [token, reload]);

  return {
    options,
    items: list.items,
    loaded: options !== null && list.loaded,
    error: optionsError ?? list.error,
    reload,
  };
}
