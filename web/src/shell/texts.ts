/**
 * Every user-facing text, en-US. Texts of SPEC.md are copied here verbatim; components import them
 * from here instead of writing their own.
 */
export const locale = 'en-US';

export const texts = {
  appName: 'Neura',
  titles: {
    home: 'Browse Personas',
    chats: 'Chats',
    create: 'Create Persona',
    pro: 'Neura Pro',
    settings: 'Settings',
    password: 'Change Password',
    delete: 'Delete Account',
    credits: 'Buy Credits',
    purchaseComplete: 'Order Status',
    proSubscription: 'Pro Subscription',
    changelog: 'Release Notes',
    uiTest: 'UI Test',
    uiTestIonic: 'UI Test (Ionic)',
    terms: 'Terms of Use',
    notFound: 'Not Found',
    chatFallback: 'Chat',
  },
  startup: {
    offlineTitle: 'Service unavailable',
    offlineBody: 'Neura is unavailable right now: the server is offline or under maintenance. Please try again later.',
    checking: 'Loading...',
    versionTooNew: 'This app version is newer than the server supports and may have issues.',
  },
  nav: {
    explore: 'Explore',
    chats: 'Chats',
    create: 'Create',
    settings: 'Settings',
    home: 'Home',
    login: 'Login',
    loginSignup: 'Login / Signup',
    purchase: 'Purchase',
    terms: 'Terms',
    privacy: 'Privacy',
    newChat: 'New Chat',
    back: 'Back',
    credits: 'Credits',
    pro: 'Pro',
    insider: 'Insider',
    online: 'Online',
    offline: 'Offline',
    connecting: 'Connecting...',
    loggedOutPrompt: 'Login or Signup for free to start chatting with Neura.',
    assistantOnline: 'Neura is online and ready to chat.',
  },
  notFound: {
    heading: 'Not Found',
    body: "We couldn't find the page you were looking for.",
    home: 'Go to Explore',
  },
  placeholder: {
    comingSoon: 'Coming Soon',
  },
  toasts: {
    success: 'Success',
    error: 'Something went wrong',
    warning: 'Warning',
    message: 'Message',
  },
  errors: {
    unknown: 'An unknown error occurred.',
    network: 'Could not reach the server. Check your connection and try again.',
  },
  chat: {
    region: 'Conversation',
    placeholder: 'Type a message…',
    messageLabel: 'Message',
    send: 'Send',
    stop: 'Stop',
    stopped: 'Stopped',
    failed: 'This reply could not be completed.',
    thinking: 'Thinking…',
    loadingOlder: 'Loading earlier messages…',
    empty: (persona?: string) =>
      persona ? `Say hello to ${persona} to start chatting.` : 'Say hello to start chatting.',
    buyCredits: 'Buy Credits',
    subscribe: 'Subscribe Now',
    notConnected: 'Not connected to the server. Check your connection and try again.',
    counter: (n: number, max: number) => `${n} / ${max}`,
  },
  /** Locale texts of SPEC.md §8. */
  form: {
    nameEmpty: 'Please fill in the name',
    phoneInvalid: 'Malformed phone number',
    areaNotSelected: 'Please select a receiving area',
    addressEmpty: 'Address can not be empty',
    calendarLimit: (n: number) => `Choose no more than ${n} days`,
  },
  common: {
    loading: 'Loading...',
    noCoupons: 'No coupons',
    pullToRefresh: 'Pull to refresh...',
    looseToRefresh: 'Loose to refresh...',
  },
} as const;
