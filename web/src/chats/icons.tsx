/** Small line icons of the chat list (decorative; controls carry their own accessible names). */
import { Svg } from '../ui/svg';

export const PinIcon = ({ size = 18 }: { size?: number }) => (
  <Svg size={size}>
    <path d="M9 4h6l-1 6 3 3v2H7v-2l3-3z" />
    <path d="M12 15v6" />
  </Svg>
);

export const ArchiveIcon = () => (
  <Svg>
    <rect x="3" y="4" width="18" height="5" rx="1" />
    <path d="M5 9v10a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V9" />
    <path d="M10 13h4" />
  </Svg>
);

export const SearchIcon = () => (
  <Svg>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-4-4" />
  </Svg>
);

export const SparkIcon = () => (
  <Svg>
    <path d="M12 3c.8 5 2.2 6.4 7 7-4.8.8-6.2 2.2-7 7-.8-4.8-2.2-6.2-7-7 4.8-.6 6.2-2 7-7z" />
  </Svg>
);

export const ReloadIcon = () => (
  <Svg>
    <path d="M20 11a8 8 0 1 0-2.3 5.7" />
    <path d="M20 4v7h-7" />
  </Svg>
);

export const TrashIcon = () => (
  <Svg>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </Svg>
);

export const ShareIcon = () => (
  <Svg>
    <circle cx="18" cy="5" r="3" />
    <circle cx="6" cy="12" r="3" />
    <circle cx="18" cy="19" r="3" />
    <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
  </Svg>
);

export const DownloadIcon = () => (
  <Svg>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </Svg>
);
