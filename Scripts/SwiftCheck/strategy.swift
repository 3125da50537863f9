// The strategy lesson's live objects, as the playground makes them: three policies, and a cart that holds the
// regular one.
let regular = RegularPricing()
let sale = SalePricing(percent: 20)
let coupon = CouponPricing(off: 10, over: 30)
let cart = Cart(pricing: regular)
