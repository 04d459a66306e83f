import { type ReactNode, useState } from 'react';
import { useAppStore } from '../store/app-store';
import { appTexts } from '../texts/app-texts';
import { texts } from '../texts/texts';
import { Button } from '../ui/button';
import { Field, inputClass } from '../ui/field';
import { Modal } from '../ui/modal';
import { showToast, type ToastSeverity } from '../ui/toast-store';

const t = appTexts.uiTest;
const BUTTON = 'rounded-lg px-4 py-2 font-medium disabled:opacity-50';

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-xl border border-border bg-surface-2 p-4">
      <h3 className="font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** /ui-test and /ui-test-ionic: the developer gallery of the shared components (signed-in only). */
export default function UiTestPage() {
  const [modalOpen, setModalOpen] = useState(false);
  const setActiveModal = useAppStore((s) => s.setActiveModal);
  const title = useAppStore((s) => s.viewTitle);
  const toast = (severity: ToastSeverity) => showToast({ severity, message: t.sampleToast });

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 p-4">
      <h2 className="sr-only">{title}</h2>
      <p className="text-muted">{t.intro}</p>
      <Group title={t.buttons}>
        <div className="flex flex-wrap gap-2">
          <Button className={`${BUTTON} bg-accent text-accent-fg`}>{t.primary}</Button>
          <Button className={`${BUTTON} border border-border hover:bg-surface-3`}>{t.secondary}</Button>
          <Button className={`${BUTTON} bg-red-700 text-white`}>{t.danger}</Button>
          <Button disabled className={`${BUTTON} bg-accent text-accent-fg`}>
            {t.disabled}
          </Button>
        </div>
      </Group>
      <Group title={t.inputs}>
        <Field label={t.textLabel}>
          {(control) => (
            <input {...control} placeholder={t.textPlaceholder} className={`${inputClass} border-border`} />
          )}
        </Field>
        <Field label={t.selectLabel}>
          {(control) => (
            <select {...control} className={`${inputClass} border-border`}>
              <option>{appTexts.theme.dark}</option>
              <option>{appTexts.theme.light}</option>
            </select>
          )}
        </Field>
        <Field label={t.checkboxLabel} layout="check">
          {(control) => <input {...control} type="checkbox" className="h-4 w-4 accent-[var(--color-accent)]" />}
        </Field>
      </Group>
      <Group title={t.toasts}>
        <div className="flex flex-wrap gap-2">
          <Button className={`${BUTTON} border border-border`} onClick={() => toast('success')}>
            {texts.toasts.success}
          </Button>
          <Button className={`${BUTTON} border border-border`} onClick={() => toast('error')}>
            {texts.toasts.error}
          </Button>
          <Button className={`${BUTTON} border border-border`} onClick={() => toast('warning')}>
            {texts.toasts.warning}
          </Button>
          <Button className={`${BUTTON} border border-border`} onClick={() => toast('info')}>
            {texts.toasts.message}
          </Button>
        </div>
      </Group>
      <Group title={t.modals}>
        <div className="flex flex-wrap gap-2">
          <Button className={`${BUTTON} border border-border`} onClick={() => setModalOpen(true)}>
            {t.openModal}
          </Button>
          <Button className={`${BUTTON} border border-border`} onClick={() => setActiveModal('subscribe')}>
            {t.openSubscribe}
          </Button>
        </div>
        <Modal open={modalOpen} onClose={() => setModalOpen(false)} title={t.sampleModalTitle}>
          <p className="mb-4 text-muted">{t.sampleModalBody}</p>
          <Button className={`${BUTTON} bg-accent text-accent-fg`} onClick={() => setModalOpen(false)} data-autofocus>
            {texts.modal.close}
          </Button>
        </Modal>
      </Group>
      <Group title={t.skeletons}>
        <div className="flex animate-pulse gap-3" role="status" aria-label={appTexts.common.loading}>
          <div className="h-28 w-40 rounded-xl bg-surface-3" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="h-4 w-2/3 rounded bg-surface-3" />
            <div className="h-4 w-1/2 rounded bg-surface-3" />
            <div className="h-4 w-3/4 rounded bg-surface-3" />
          </div>
        </div>
      </Group>
    </div>
  );
}
