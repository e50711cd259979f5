import { CareInit1733200000000 } from './1733200000000-init';
import { CareInvitations1733300000000 } from './1733300000000-invitations';
import { CareBlacklistSplit1733400000000 } from './1733400000000-blacklist-split';
import { CareNextDay1733500000000 } from './1733500000000-next-day';
import { CareListVolume1733600000000 } from './1733600000000-list-volume';
import { CareScopeCounters1733700000000 } from './1733700000000-scope-counters';
import { CareOtpTransactions1733800000000 } from './1733800000000-otp-transactions';
import { CareTypedSearch1735100000000 } from './1735100000000-typed-search';
import { CareFreeCycles1735300000000 } from './1735300000000-free-cycles';
import { CareInvitationStatus1735400000000 } from './1735400000000-invitation-status';

export const careMigrations = [
  CareInit1733200000000,
  CareInvitations1733300000000,
  CareBlacklistSplit1733400000000,
  CareNextDay1733500000000,
  CareListVolume1733600000000,
  CareScopeCounters1733700000000,
  CareOtpTransactions1733800000000,
  CareTypedSearch1735100000000,
  CareFreeCycles1735300000000,
  CareInvitationStatus1735400000000,
];
