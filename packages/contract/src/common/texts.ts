/** Persian messages the server writes and the client shows (docs/glossary.md). One text, one place. */
export const MSG = {
  ok: 'عملیات با موفقیت انجام شد',
  failed: 'عملیات با خطا مواجه شد',
  validation: 'اطلاعات وارد شده معتبر نیست',
  invalidText: 'نویسه‌های نامعتبر در متن',
  invalidDate: 'تاریخ معتبر نیست',
  dateFormat: 'تاریخ باید به شکل yyyy-mm-dd باشد',
  required: 'این فیلد الزامی است',
  unauthorized: 'لطفاً دوباره وارد شوید',
  forbidden: 'شما به این بخش دسترسی ندارید',
  notFound: 'مورد خواسته شده پیدا نشد',
  rateLimited: 'تعداد درخواست‌ها بیش از حد مجاز است؛ لطفاً کمی بعد دوباره تلاش کنید',
  tooLarge: 'حجم درخواست بیش از حد مجاز است',
  unsupportedMedia: 'نوع فایل پشتیبانی نمی‌شود',
  internal: 'خطای داخلی سرور؛ لطفاً دوباره تلاش کنید',
  unavailable: 'سامانه لحظه‌ای در دسترس نیست؛ چند ثانیه دیگر دوباره تلاش کنید',
  badCredentials: 'نام کاربری یا رمز عبور اشتباه است',
  notActivated: 'حساب شما هنوز توسط مدیر فعال نشده است',
  suspended:
    'حساب این آزمایشگاه توسط مدیر سامانه تعلیق شده است؛ برای فعال‌سازی دوباره با مدیر سامانه تماس بگیرید',
  sessionEnded: 'نشست شما پایان یافت؛ لطفاً دوباره وارد شوید.',
  loggedIn: 'با موفقیت وارد شدید',
  loggedOut: 'با موفقیت خارج شدید',
  offline: 'اتصال اینترنت قطع است.',
  checkConnection: 'لطفاً اتصال اینترنت خود را بررسی کنید.',
  pleaseWait: 'لطفاً صبر کنید...',
} as const;

/** «Please check your internet connection. (code: N)» for a response with no envelope. */
export function checkConnectionWithCode(status: number): string {
  return `${MSG.checkConnection} (کد: ${status})`;
}
