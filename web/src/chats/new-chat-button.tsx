import { texts } from '../texts/texts';
import { Button } from '../ui/button';
import { PlusIcon } from './svg-icon';

export function NewChatButton({ onClick }: { onClick: () => void }) {
  return (
    <Button onClick={onClick} variant="primary" size="lg" className="flex items-center justify-center gap-2">
      <PlusIcon />
      {texts.nav.newChat}
    </Button>
  );
}
