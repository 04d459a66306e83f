import { texts } from '../texts/texts';
import { Button } from '../ui/button';
import { PlusIcon } from './icons';

export function NewChatButton({ onClick }: { onClick: () => void }) {
  return (
    <Button onClick={onClick} variant="primary" size="lg" className="flex items-center justify-center gap-2">
      <PlusIcon />
      {texts.chats.newChat}
    </Button>
  );
}
