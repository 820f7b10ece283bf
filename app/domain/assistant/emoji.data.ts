import type { CategoryId } from "./categories";

// Emoji as the category ("🍔 13", "🚕 22.40"). Source: Unicode CLDR emoji names and groups (food-drink,
// travel-places, activities, objects, people-body), each mapped to the budget category a household would file
// it under: personal care (haircut, nails, massage) is Health & Fitness, a house is the bills (Utilities).

export const EMOJI_CATEGORIES: Record<CategoryId, string> = {
  food: "🛒🥦🥕🍎🍏🍌🍇🍓🥑🍅🥚🥛🍞🥖🧀🥩🍗🥓🍋🍊🍐🍑🍒🥬🥒🌽🥔🧅🧄🍯🧈🥫🍚",
  dining: "🥐🥯🥨🫓🌶🍺🍻🍷🍸🍹🥂🍾🥃🍔🍕🌭🌮🌯🍟🍜🍣🍱🍛🍝🥡🥗🍤🍙🍘🥪🥙🧆🥘🍲🍽️🍽🥢🍖🍦🍩🍰🧁🍪🥞🧇🍳",
  coffee: "☕🍵🧋🥤🧃🧉",
  transport: "⛽🚕🚖🚗🚙🚌🚍🚇🚆🚊🚉🚝🚞✈️✈🛫🚲🛴🅿️🅿🚘🛻🚚⛴️⛴🚢🛞🚏",
  shopping: "🎄🎀🛍️🛍👕👖👗👟👠👜👛🎒💄💍⌚📱💻🖥️🖥🎧🧥🧦🧢🛋️🛋🪑",
  entertainment: "🎬🍿🎮🎟️🎟🎫🎭🎤🎵🎶🎳🎯🎲🎨🎢🎡🎠⚽🏀🏈⚾🎾📺📚",
  health: "💊💉🩺🏥🦷🩹🏋️🏋🧘🏃💪👓✂️✂💇💈💅💆🧖🩼🦽",
  utilities: "💡🔌📶📞☎️☎🚿🔥🗑️🗑🏠🏡🏘️🏘",
  other: "📦🐶🐱🐾🐕🐈🎁🧸👶🍼⛪🔧🧹🧺🎓🏫✉️✉📮",
};
