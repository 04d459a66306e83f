import { texts } from '../texts/texts';
import { Button } from '../ui/button';
import { PlusIcon } from './icons';

export function NewChatButton({ onClick }: { onClick: () => void }) {
  return (
    <Button
      type="button"
      onClick={onClick}
      className="flex items-center justify-center gap-2 rounded-xl bg-accent px-3 py-2.5 font-semibold text-accent-fg hover:brightness-110"
    >
      <PlusIcon />
      {texts.chats.newChat}
    </Button>
  );
}
