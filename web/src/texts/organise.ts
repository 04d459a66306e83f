/** The texts of folders and temporary chats (issue #49); registered as a part by chats/organise-ready.ts. */
export const organiseTexts = {
  folders: {
    newFolder: 'New folder',
    createTitle: 'New folder',
    renameTitle: 'Rename folder',
    nameLabel: 'Folder name',
    create: 'Create',
    save: 'Save',
    cancel: 'Cancel',
    options: (name: string) => `Folder options: ${name}`,
    expand: (name: string) => `Show the chats in ${name}`,
    collapse: (name: string) => `Hide the chats in ${name}`,
    rename: 'Rename',
    moveUp: 'Move up',
    moveDown: 'Move down',
    delete: 'Delete folder',
    deleteTitle: (name: string) => `Delete “${name}”?`,
    deleteBody: 'The folder goes; its chats stay, out of any folder.',
    deleteConfirm: 'Delete folder',
    moveTo: 'Move to folder',
    noFolder: 'No folder',
    moveTitle: 'Move to folder',
    filed: (name: string) => `Moved to ${name}.`,
    unfiled: 'Taken out of its folder.',
    failed: 'That did not work. Please try again.',
    empty: 'No chats in this folder yet. Drag one here or use a chat’s menu.',
    dropHint: 'Drop here to take the chat out of its folder',
  },
  temporary: {
    toggle: 'Temporary chat',
    toggleHint: 'Not saved: no list, search, memory or export. Deleted when you leave it.',
    banner: 'Temporary chat',
    bannerBody: 'It is not in your chat list, search, memory or exports, and it is deleted when you leave it.',
  },
} as const;

type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => R extends string ? string : R
    : { readonly [K in keyof T]: Widen<T[K]> };

export type OrganiseCatalog = Widen<typeof organiseTexts>;
