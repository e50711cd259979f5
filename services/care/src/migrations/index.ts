import { CareInit1733200000000 } from './1733200000000-init';
import { CareInvitations1733300000000 } from './1733300000000-invitations';
import { CareBlacklistSplit1733400000000 } from './1733400000000-blacklist-split';

export const careMigrations = [CareInit1733200000000, CareInvitations1733300000000, CareBlacklistSplit1733400000000];
