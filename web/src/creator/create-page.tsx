import { Link, useSearchParams } from 'react-router';
import { openHelpDoc } from '../help/help-actions';
import { useMyPersonas } from '../personas/queries/my-personas';
import { useAppStore } from '../store/app-store';
import { useUser } from '../store/user';
import { creatorTexts as t } from '../texts/creator';
import { Button } from '../ui/button';
import { ImportCardButton } from './card-actions';
import { MyPersonasList } from './my-personas-list';
import { PersonaBuilder } from './persona-builder';
import { useCreatorOptions } from './queries/options';

/**
 * /create (Create Persona): the builder (`?edit=<id>` edits one of the user's personas) and the
 * "My personas" tab (`?tab=mine`). Signed-out visitors get the auth modal from the route table.
 */
export default function CreatePage() {
  const [params] = useSearchParams();
  const tab = params.get('tab') === 'mine' ? 'mine' : 'build';
  const editId = params.get('edit');
  const owner = useUser((s) => s.user?.email ?? '');
  // The builder's options and the user's own personas, asked when signed in (and again after a sign-in).
  const signedIn = useAppStore((s) => s.token !== null);
  const optionsQuery = useCreatorOptions(signedIn);
  const list = useMyPersonas({ enabled: signedIn, fresh: true });
  const options = optionsQuery.data ?? null;
  const items = list.data?.items ?? [];
  const loaded = options !== null && list.data !== undefined;
  const error = optionsQuery.error ?? list.error;
  const reload = () => Promise.all([optionsQuery.refetch(), list.refetch()]);
  const editing = editId ? (items.find((p) => p.id === editId) ?? null) : null;

  const tabClass = (on: boolean) =>
    `block rounded-lg px-4 py-2 text-sm font-medium ${on ? 'bg-accent text-accent-fg' : 'bg-surface-3 text-muted hover:text-fg'}`;

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-4 p-4" aria-labelledby="create-heading">
      <div className="flex flex-col gap-1">
        <h2 id="create-heading" className="text-2xl font-bold">
          {editing ? t.builder.editHeading(editing.name) : tab === 'mine' ? t.tabs.mine : t.builder.newHeading}
        </h2>
        {tab === 'build' ? (
          <p className="text-muted">
            {t.builder.intro}{' '}
            <Button onClick={() => void openHelpDoc('DocCreate')} className="text-accent-text underline">
              {t.builder.help}
            </Button>
          </p>
        ) : null}
      </div>
      <nav aria-label={t.tabs.label} className="flex flex-wrap items-center justify-between gap-2">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link
              to="/create"
              className={tabClass(tab === 'build')}
              aria-current={tab === 'build' ? 'page' : undefined}
            >
              {editing ? t.builder.cancelEdit : t.tabs.build}
            </Link>
          </li>
          <li>
            <Link
              to="/create?tab=mine"
              className={tabClass(tab === 'mine')}
              aria-current={tab === 'mine' ? 'page' : undefined}
              data-testid="tab-mine"
            >
              {t.tabs.mine}
              {options ? <span className="ms-1.5">({t.builder.used(items.length, options.personasMax)})</span> : null}
            </Link>
          </li>
        </ul>
        {loaded && options && !editing ? <ImportCardButton disabled={items.length >= options.personasMax} /> : null}
      </nav>
      {error && !loaded ? (
        <div role="alert" className="flex flex-col items-start gap-2 rounded-xl border border-border p-4">
          <p>{t.builder.loadFailed}</p>
          <Button variant="primary" onClick={() => void reload()}>
            {t.builder.retry}
          </Button>
        </div>
      ) : !loaded || !options || !owner ? (
        <p role="status" className="text-muted">
          {t.builder.loading}
        </p>
      ) : tab === 'mine' ? (
        <MyPersonasList items={items} />
      ) : (
        <PersonaBuilder
          key={editing?.id ?? 'new'}
          options={options}
          editing={editing}
          owner={owner}
          atLimit={items.length >= options.personasMax}
        />
      )}
    </section>
  );
}
