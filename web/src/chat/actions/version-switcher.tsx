import { messageActionTexts as t } from '../../texts/app-texts';
import { Button } from '../../ui/button';
import { actionButton } from './classes';

/** "‹ 1/2 ›": moves between the versions of a reply. */
export function VersionSwitcher({
  index,
  count,
  onMove,
}: {
  index: number;
  count: number;
  onMove: (delta: -1 | 1) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of controls, not a form fieldset.
    <span className="inline-flex items-center" role="group" aria-label={t.versionLabel(index, count)}>
      <Button className={actionButton} aria-label={t.previousVersion} disabled={index <= 1} onClick={() => onMove(-1)}>
        <span aria-hidden="true">‹</span>
      </Button>
      <span className="text-xs tabular-nums text-muted" data-testid="version-position">
        {t.versionOf(index, count)}
      </span>
      <Button className={actionButton} aria-label={t.nextVersion} disabled={index >= count} onClick={() => onMove(1)}>
        <span aria-hidden="true">›</span>
      </Button>
    </span>
  );
}
