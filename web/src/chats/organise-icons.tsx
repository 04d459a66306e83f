import { Svg } from '../ui/svg';

/** Icons of folders and temporary chats (issue #49): their own module, off the first route. */
export const FolderIcon = ({ size = 18 }: { size?: number }) => (
  <Svg size={size}>
    <path d="M3 6a1 1 0 0 1 1-1h5l2 2h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z" />
  </Svg>
);

export const FolderPlusIcon = () => (
  <Svg>
    <path d="M3 6a1 1 0 0 1 1-1h5l2 2h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z" />
    <path d="M12 11v5M9.5 13.5h5" />
  </Svg>
);

export const ClockIcon = () => (
  <Svg>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Svg>
);
