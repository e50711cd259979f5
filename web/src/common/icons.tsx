import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalance from '@mui/icons-material/AccountBalance';
import AccountBox from '@mui/icons-material/AccountBox';
import AlarmOn from '@mui/icons-material/NotificationImportant';
import AppRegistration from '@mui/icons-material/AppRegistration';
import Assessment from '@mui/icons-material/Assessment';
import Block from '@mui/icons-material/Block';
import CallSplit from '@mui/icons-material/CallSplit';
import Dashboard from '@mui/icons-material/Dashboard';
import DocumentScanner from '@mui/icons-material/DocumentScanner';
import History from '@mui/icons-material/History';
import Key from '@mui/icons-material/Key';
import LocalOffer from '@mui/icons-material/LocalOffer';
import Payments from '@mui/icons-material/Payments';
import People from '@mui/icons-material/People';
import Percent from '@mui/icons-material/Percent';
import Person from '@mui/icons-material/Person';
import PersonAdd from '@mui/icons-material/PersonAdd';
import PhoneInTalk from '@mui/icons-material/PhoneInTalk';
import RequestQuote from '@mui/icons-material/RequestQuote';
import Search from '@mui/icons-material/Search';
import Security from '@mui/icons-material/Security';
import Settings from '@mui/icons-material/Settings';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import Sms from '@mui/icons-material/Sms';
import UploadFile from '@mui/icons-material/UploadFile';

/** Icons a menu entry may name (MenuEntry.icon). */
export const MENU_ICONS = {
  account: AccountBox,
  alarm: AlarmOn,
  appReg: AppRegistration,
  bank: AccountBalance,
  block: Block,
  cart: ShoppingCart,
  dashboard: Dashboard,
  history: History,
  key: Key,
  money: RequestQuote,
  payments: Payments,
  people: People,
  percent: Percent,
  person: Person,
  personAdd: PersonAdd,
  phone: PhoneInTalk,
  price: LocalOffer,
  report: Assessment,
  scan: DocumentScanner,
  search: Search,
  security: Security,
  settings: Settings,
  sms: Sms,
  split: CallSplit,
  upload: UploadFile,
} satisfies Record<string, SvgIconComponent>;

export type IconName = keyof typeof MENU_ICONS;
