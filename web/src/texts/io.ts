import { SHARE_TEXTS } from '@neura/contract';

/** The texts of search, sharing, export and "Download my data" (issue #30), in one place. */
export const ioTexts = {
  search: {
    messages: 'Messages',
    searching: 'Searching messages…',
    none: 'No messages match.',
    /** Neither a chat's name nor a message matched. */
    nothing: 'No chats or messages match your search.',
    more: 'More results',
    archived: 'Archived',
    olderVersion: 'Earlier version',
    you: 'You',
    reply: 'Reply',
    failed: 'Search failed.',
  },
  menu: {
    share: 'Share Chat',
    exportMarkdown: 'Export as Markdown',
    exportJson: 'Export as JSON',
    exported: 'Chat exported.',
  },
  share: {
    title: 'Share this chat',
    explain:
      'Anyone with the link can read this chat as it is now, without signing in. Messages you send later stay private unless you share again.',
    create: 'Create link',
    creating: 'Creating link…',
    copy: 'Copy link',
    copied: 'Link copied.',
    manage: 'Manage shared links in Settings.',
    close: 'Close',
    linkLabel: 'Shared link',
  },
  shared: {
    removed: SHARE_TEXTS.removed,
    removedDetail: SHARE_TEXTS.removedDetail,
    /** A way onward from a removed link: the app's home (Explore). */
    onward: 'Explore Neura',
    cta: SHARE_TEXTS.cta,
    sharedOn: (date: string) => `Shared ${date}`,
    readOnly: 'A read-only copy of a conversation on Neura.',
    loading: 'Loading shared chat…',
    failed: 'This shared chat could not be loaded. Try again later.',
    you: 'User',
  },
  data: {
    title: 'Your data',
    settingsRow: 'Your data and shared links',
    links: 'Shared links',
    noLinks: 'You have not shared any chats.',
    revoke: 'Remove link',
    revoked: 'Link removed.',
    messages: (n: number) => `${n} message${n === 1 ? '' : 's'}`,
    archive: 'Download my data',
    archiveExplain:
      'An archive (.tar.gz) of everything stored about you: your account, credit history, orders, feedback, memory, every chat with its messages, and your uploaded and generated files.',
    build: 'Prepare archive',
    building: (pct: number) => `Preparing… ${pct}%`,
    download: 'Download archive',
    /** After a download the server deletes the archive (issue #40). */
    downloaded: 'Downloaded. The archive is no longer kept on the server; prepare a new one when you need it.',
    kept: 'The archive is kept for a while and deleted once you download it.',
    failed: 'The archive could not be prepared. Try again.',
  },
} as const;
