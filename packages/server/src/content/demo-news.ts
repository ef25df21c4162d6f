/**
 * Demo news the server seeds on first start: banners, help articles, about pages, news,
 * home notices and the privacy policy, in all seven languages: English, Simplified and Traditional
 * Chinese here, Japanese, German, Dutch and French in demo-news-<lang>.ts beside this file.
 * Every statement here must stay true of the product; do not add numbers or claims it cannot show.
 */

import { DEMO_NEWS_DU } from './demo-news-du.js';
import { DEMO_NEWS_FR } from './demo-news-fr.js';
import { DEMO_NEWS_GM } from './demo-news-gm.js';
import { DEMO_NEWS_JP } from './demo-news-jp.js';

export interface DemoArticleText {
  title: string;
  /** HTML limited to p, h3, ul, ol, li, strong and em. */
  content: string;
}

export interface DemoArticle {
  id: number;
  category_id: number;
  /** Only category 1 (home banners) has banners. */
  banner: string | null;
  /** Order inside its category, 1 = first. */
  sort: number;
  /** Publication date = now minus this many days. */
  days_ago: number;
  texts: { en: DemoArticleText; zh: DemoArticleText; hk: DemoArticleText };
}

export const DEMO_NEWS: readonly DemoArticle[] = [
  // ---------------------------------------------------------------- Category 1: home banners
  {
    id: 1,
    category_id: 1,
    banner: '/banners/1.svg',
    sort: 1,
    days_ago: 30,
    texts: {
      en: {
        title: 'Every price comes from a real order',
        content: `<p>On Open Exchange, every price you see comes from real orders matched by our own engine. Orders are matched by price-time priority, and each trade prints at the price of the order that was already resting in the book. There is no invented depth and no price brought in from anywhere else. Open the trade page, watch the book move, and know that every number in it stands for an order someone really placed, including those of our clearly labelled market maker in demo mode.</p>`,
      },
      zh: {
        title: '每一个价格都来自真实订单',
        content: `<p>在 Open Exchange，您看到的每一个价格都来自由我们自己的撮合引擎成交的真实订单。订单按照价格优先、时间优先的原则撮合，每笔交易都以订单簿中先挂出的那笔订单的价格成交。这里没有虚构的深度，也没有从别处引入的价格。打开交易页面，看着订单簿的变化，您可以确信其中每一个数字都代表一笔真实下达的订单，包括演示模式下明确标注的做市商账户的订单。</p>`,
      },
      hk: {
        title: '每一個價格都來自真實訂單',
        content: `<p>在 Open Exchange，您看到的每一個價格都來自由我們自己的撮合引擎成交的真實訂單。訂單按照價格優先、時間優先的原則撮合，每筆交易都以訂單簿中先掛出的那筆訂單的價格成交。這裏沒有虛構的深度，也沒有從別處引入的價格。打開交易頁面，看着訂單簿的變化，您可以確信其中每一個數字都代表一筆真實發出的訂單，包括示範模式下清楚標示的做市商帳戶的訂單。</p>`,
      },
    },
  },
  {
    id: 2,
    category_id: 1,
    banner: '/banners/2.svg',
    sort: 2,
    days_ago: 30,
    texts: {
      en: {
        title: 'Open source, open books',
        content: `<p>Open Exchange is open source, so anyone can read the code that matches orders, moves balances and settles contracts. Every change to a balance is written to a journal, and an audit checks that the totals always add up: no money is created and none disappears. We believe an exchange should be able to show its work, and this is how we show ours. If something ever looks wrong to you, the code is there for you to check it against.</p>`,
      },
      zh: {
        title: '开放源代码，公开账目',
        content: `<p>Open Exchange 是开源项目，任何人都可以阅读负责撮合订单、变动余额和结算合约的代码。每一笔余额变动都会记入流水账，审计程序会核对总额始终平衡：既不会凭空产生资金，也不会有资金消失。我们相信交易所应当能够展示自己是如何运作的，而这就是我们的展示方式。如果您觉得哪里不对，随时可以对照代码进行核查。</p>`,
      },
      hk: {
        title: '開放源代碼，公開帳目',
        content: `<p>Open Exchange 是開源項目，任何人都可以閱讀負責撮合訂單、變動餘額和結算合約的代碼。每一筆餘額變動都會記入流水帳，審計程序會核對總額始終平衡：既不會憑空產生資金，也不會有資金消失。我們相信交易所應當能夠展示自己是如何運作的，而這就是我們的展示方式。如果您覺得哪裏不對，隨時可以對照代碼進行核查。</p>`,
      },
    },
  },
  {
    id: 3,
    category_id: 1,
    banner: '/banners/3.svg',
    sort: 3,
    days_ago: 14,
    texts: {
      en: {
        title: 'Seconds contracts anyone can check',
        content: `<p>Our seconds contracts settle at the market's real last trade price at the moment they expire. That is the same price everyone sees in the public trade list and on the charts, so you, or anyone else, can recompute every outcome for yourself. No hidden setting decides who wins, and no account is treated differently from another. If you decide to try them, please try them knowing exactly how they work, and only with an amount you can afford to lose.</p>`,
      },
      zh: {
        title: '人人都能核验的秒合约',
        content: `<p>我们的秒合约在到期时按该市场真实的最新成交价结算。这个价格与所有人在公开成交记录和 K 线图上看到的价格完全相同，因此您或任何其他人都可以自行重新计算每一笔结果。没有任何隐藏设置决定谁输谁赢，也不会对任何账户区别对待。如果您想尝试，请在完全了解其运作方式的前提下进行，并且只投入您能够承受损失的金额。</p>`,
      },
      hk: {
        title: '人人都能核實的秒合約',
        content: `<p>我們的秒合約在到期時按該市場真實的最新成交價結算。這個價格與所有人在公開成交記錄和 K 線圖上看到的價格完全相同，因此您或任何其他人都可以自行重新計算每一筆結果。沒有任何隱藏設定決定誰輸誰贏，也不會對任何帳戶區別對待。如果您想嘗試，請在完全了解其運作方式的前提下進行，並且只投入您能夠承受損失的金額。</p>`,
      },
    },
  },

  // ---------------------------------------------------------------- Category 4: support / help
  {
    id: 4,
    category_id: 4,
    banner: null,
    sort: 1,
    days_ago: 29,
    texts: {
      en: {
        title: 'How to register and verify your email or phone',
        content: `<p>Creating an account takes a couple of minutes. You can register with either an email address or a mobile number.</p>
<ol>
<li>Open the registration page and choose <strong>Email</strong> or <strong>Mobile</strong>. For a mobile number, first pick your country or region so that the right dialling code is used.</li>
<li>Enter your email address or mobile number and ask for a verification code. We send a 6-digit code to that address or number.</li>
<li>Type the code into the form. It is valid for 10 minutes and can be used only once. If it does not arrive, you can ask for a new one after 60 seconds.</li>
<li>Choose a password of 6 to 16 letters or digits, and type it a second time to confirm it.</li>
<li>Enter your invitation code. Registration needs one while the exchange runs invite-only; in this demo, use the code shown on the login page (DEMO2026) or a friend's link, which fills it in for you.</li>
</ol>
<p>When you submit the form, your account is created and the code is used up. Entering the code proves that the email address or phone number really belongs to you, which is what lets us reach you later, for example when you need to reset a forgotten password.</p>
<p>If no code arrives, check your spam folder or make sure the number is complete, then wait for the 60 seconds to pass and ask again. Never pass a code on to anyone, including people who say they work for us.</p>`,
      },
      zh: {
        title: '如何注册并验证邮箱或手机',
        content: `<p>创建账户只需几分钟。您可以使用邮箱地址或手机号码注册。</p>
<ol>
<li>打开注册页面，选择<strong>邮箱</strong>或<strong>手机</strong>。如使用手机号码，请先选择您所在的国家或地区，以便使用正确的区号。</li>
<li>输入您的邮箱地址或手机号码，然后获取验证码。我们会向该邮箱或号码发送一个 6 位数字验证码。</li>
<li>在表单中输入验证码。验证码 10 分钟内有效，且只能使用一次。如果没有收到，60 秒后可以重新获取。</li>
<li>设置一个由 6 至 16 位字母或数字组成的密码，并再次输入以确认。</li>
<li>填写邀请码。交易所实行邀请注册时必须填写；在本演示中，可使用登录页显示的邀请码（DEMO2026），或通过朋友的邀请链接自动填入。</li>
</ol>
<p>提交表单后，您的账户即创建完成，验证码也随之失效。输入验证码证明了该邮箱或手机号码确实属于您，这样我们日后才能联系到您，例如在您忘记密码需要重置时。</p>
<p>如果一直收不到验证码，请检查垃圾邮件文件夹，或确认号码填写完整，等 60 秒过后再次获取。切勿将验证码透露给任何人，包括自称是我们工作人员的人。</p>`,
      },
      hk: {
        title: '如何註冊並驗證電郵或手機',
        content: `<p>建立帳戶只需幾分鐘。您可以使用電郵地址或手機號碼註冊。</p>
<ol>
<li>打開註冊頁面，選擇<strong>電郵</strong>或<strong>手機</strong>。如使用手機號碼，請先選擇您所在的國家或地區，以便使用正確的區號。</li>
<li>輸入您的電郵地址或手機號碼，然後索取驗證碼。我們會向該電郵或號碼發送一個 6 位數字驗證碼。</li>
<li>在表格中輸入驗證碼。驗證碼 10 分鐘內有效，且只能使用一次。如果沒有收到，60 秒後可以重新索取。</li>
<li>設定一個由 6 至 16 位字母或數字組成的密碼，並再次輸入以確認。</li>
<li>填寫邀請碼。交易所實行邀請註冊時必須填寫；在本示範中，可使用登入頁顯示的邀請碼（DEMO2026），或透過朋友的邀請連結自動填入。</li>
</ol>
<p>提交表格後，您的帳戶即建立完成，驗證碼亦隨之失效。輸入驗證碼證明了該電郵或手機號碼確實屬於您，這樣我們日後才能聯絡到您，例如在您忘記密碼需要重設時。</p>
<p>如果一直收不到驗證碼，請檢查垃圾郵件資料夾，或確認號碼填寫完整，等 60 秒過後再次索取。切勿將驗證碼透露給任何人，包括自稱是我們職員的人。</p>`,
      },
    },
  },
  {
    id: 5,
    category_id: 4,
    banner: null,
    sort: 2,
    days_ago: 29,
    texts: {
      en: {
        title: 'How spot orders work',
        content: `<p>Spot trading means buying or selling one coin outright for another, for example BTC for USDT. Every order goes into the market's order book, and the matching engine pairs buyers with sellers by price-time priority: the best price goes first, and at the same price, the order placed earlier goes first.</p>
<h3>Limit orders</h3>
<p>With a limit order you set the price yourself. A buy order never pays more than your price, and a sell order never receives less. If nobody is willing to trade at your price yet, the order rests in the book until it is matched or you cancel it.</p>
<h3>Market orders</h3>
<p>A market order trades straight away against the best orders already waiting in the book. It is quick, but the price you get depends on what is in the book at that moment, so on a quiet market look at the depth before you send it.</p>
<h3>Which price you get</h3>
<p>A trade always prints at the price of the order that was resting in the book: the maker's price. If you place a buy limit above the lowest offer, you pay the lower resting price, not your own.</p>
<h3>Fees</h3>
<p>The trading fee is taken from what you receive: from the coin when you buy, and from the quote currency when you sell. Each market's fee rate is shown on its trade page.</p>
<h3>Cancelling</h3>
<p>While an order is open, the funds it needs are held so that they cannot be spent twice. When you cancel, the funds for the part that has not been filled are released straight back to your spot account.</p>`,
      },
      zh: {
        title: '现货订单如何运作',
        content: `<p>现货交易是指直接用一种币买入或卖出另一种币，例如用 USDT 买卖 BTC。每一笔订单都会进入该市场的订单簿，撮合引擎按照价格优先、时间优先的原则匹配买卖双方：价格最优者先成交；价格相同时，先下的订单先成交。</p>
<h3>限价单</h3>
<p>限价单由您自己设定价格。买单的成交价绝不会高于您的价格，卖单的成交价也绝不会低于您的价格。如果暂时没有人愿意以您的价格成交，订单会留在订单簿中，直到成交或被您撤销。</p>
<h3>市价单</h3>
<p>市价单会立即与订单簿中已有的最优订单成交。它速度快，但成交价格取决于当时订单簿中的挂单情况，因此在交投清淡的市场，下单前请先查看深度。</p>
<h3>您的成交价格</h3>
<p>每笔交易总是以订单簿中先挂出的那笔订单的价格成交，即挂单方（maker）的价格。如果您的限价买单价格高于当前最低卖价，您支付的是较低的挂单价格，而不是您自己设定的价格。</p>
<h3>手续费</h3>
<p>交易手续费从您收到的资产中扣除：买入时从买到的币中扣除，卖出时从得到的计价货币中扣除。每个市场的费率都显示在该市场的交易页面上。</p>
<h3>撤单</h3>
<p>订单未完成期间，所需资金会被冻结，以免被重复使用。撤单后，尚未成交部分对应的资金会立即退回您的现货账户。</p>`,
      },
      hk: {
        title: '現貨訂單如何運作',
        content: `<p>現貨交易是指直接用一種幣買入或賣出另一種幣，例如用 USDT 買賣 BTC。每一筆訂單都會進入該市場的訂單簿，撮合引擎按照價格優先、時間優先的原則配對買賣雙方：價格最優者先成交；價格相同時，先下的訂單先成交。</p>
<h3>限價單</h3>
<p>限價單由您自己設定價格。買單的成交價絕不會高於您的價格，賣單的成交價也絕不會低於您的價格。如果暫時沒有人願意以您的價格成交，訂單會留在訂單簿中，直到成交或被您取消。</p>
<h3>市價單</h3>
<p>市價單會立即與訂單簿中已有的最優訂單成交。它速度快，但成交價格取決於當時訂單簿中的掛單情況，因此在交投淡靜的市場，下單前請先查看深度。</p>
<h3>您的成交價格</h3>
<p>每筆交易總是以訂單簿中先掛出的那筆訂單的價格成交，即掛單方（maker）的價格。如果您的限價買單價格高於當前最低賣價，您支付的是較低的掛單價格，而不是您自己設定的價格。</p>
<h3>手續費</h3>
<p>交易手續費從您收到的資產中扣除：買入時從買到的幣中扣除，賣出時從得到的計價貨幣中扣除。每個市場的費率都顯示在該市場的交易頁面上。</p>
<h3>取消訂單</h3>
<p>訂單未完成期間，所需資金會被凍結，以免被重複使用。取消訂單後，尚未成交部分對應的資金會立即退回您的現貨帳戶。</p>`,
      },
    },
  },
  {
    id: 6,
    category_id: 4,
    banner: null,
    sort: 3,
    days_ago: 28,
    texts: {
      en: {
        title: 'Moving funds between your own accounts',
        content: `<p>Your balances are kept in separate accounts, one for each kind of activity. This keeps money you use for one purpose apart from money you use for another, so a position in one product never quietly draws on funds you set aside somewhere else.</p>
<ul>
<li><strong>Spot account</strong>: for buying and selling coins on the spot markets.</li>
<li><strong>Fiat account</strong>: for the fiat (legal tender) section of the exchange.</li>
<li><strong>Leverage account</strong>: for leveraged trading.</li>
<li><strong>Seconds-contract account</strong>: for seconds contracts.</li>
<li><strong>Financial account</strong>: for the exchange's financial products.</li>
</ul>
<h3>How to transfer</h3>
<p>Open the transfer page from your assets, pick the coin, choose the account to move from and the account to move to, and enter the amount. A transfer between your own accounts stays inside the exchange: nothing is sent to a blockchain. The amount leaves one account and arrives in the other in a single step, and both sides are written to your balance journal, so the total you own stays the same.</p>
<h3>What you can move</h3>
<p>You can only move funds that are available. Amounts held for open orders, open positions or pending withdrawals have to be released first, for example by cancelling the order. If a coin does not appear for a particular account, that account does not use it.</p>`,
      },
      zh: {
        title: '如何在自己的账户之间划转资金',
        content: `<p>您的余额分别存放在不同的账户中，每种业务对应一个账户。这样可以把用于不同用途的资金分开，某一产品中的持仓永远不会悄悄动用您留作他用的资金。</p>
<ul>
<li><strong>现货账户</strong>：用于在现货市场买卖币种。</li>
<li><strong>法币账户</strong>：用于交易所的法币板块。</li>
<li><strong>杠杆账户</strong>：用于杠杆交易。</li>
<li><strong>秒合约账户</strong>：用于秒合约。</li>
<li><strong>理财账户</strong>：用于交易所的理财产品。</li>
</ul>
<h3>如何划转</h3>
<p>在资产页面打开划转功能，选择币种，选择转出账户和转入账户，然后输入数量。在您自己的账户之间划转只在交易所内部进行，不会发送到任何区块链。资金从一个账户转出并转入另一个账户是一步完成的，两边的变动都会记入您的资金流水，因此您的资产总额保持不变。</p>
<h3>可以划转哪些资金</h3>
<p>您只能划转可用资金。被未成交订单、未平仓仓位或处理中的提现冻结的金额需要先释放，例如先撤销相应订单。如果某个币种没有出现在某个账户中，说明该账户不使用这个币种。</p>`,
      },
      hk: {
        title: '如何在自己的帳戶之間劃轉資金',
        content: `<p>您的餘額分別存放在不同的帳戶中，每種業務對應一個帳戶。這樣可以把用於不同用途的資金分開，某一產品中的持倉永遠不會悄悄動用您留作他用的資金。</p>
<ul>
<li><strong>現貨帳戶</strong>：用於在現貨市場買賣幣種。</li>
<li><strong>法幣帳戶</strong>：用於交易所的法幣板塊。</li>
<li><strong>槓桿帳戶</strong>：用於槓桿交易。</li>
<li><strong>秒合約帳戶</strong>：用於秒合約。</li>
<li><strong>理財帳戶</strong>：用於交易所的理財產品。</li>
</ul>
<h3>如何劃轉</h3>
<p>在資產頁面打開劃轉功能，選擇幣種，選擇轉出帳戶和轉入帳戶，然後輸入數量。在您自己的帳戶之間劃轉只在交易所內部進行，不會發送到任何區塊鏈。資金從一個帳戶轉出並轉入另一個帳戶是一步完成的，兩邊的變動都會記入您的資金流水，因此您的資產總額保持不變。</p>
<h3>可以劃轉哪些資金</h3>
<p>您只能劃轉可用資金。被未成交訂單、未平倉倉位或處理中的提款凍結的金額需要先釋放，例如先取消相應訂單。如果某個幣種沒有出現在某個帳戶中，表示該帳戶不使用這個幣種。</p>`,
      },
    },
  },
  {
    id: 7,
    category_id: 4,
    banner: null,
    sort: 4,
    days_ago: 28,
    texts: {
      en: {
        title: 'Keeping your account safe',
        content: `<p>Most accounts that are lost are not broken into by force: someone is talked into handing over a code or a password. A few habits protect you against almost all of it.</p>
<h3>Set a trade password</h3>
<p>Your trade password is a second password, separate from the one you sign in with, and it adds a second lock on your funds. Make it different from your login password, so that someone who learns one still does not have both. Setting or changing it needs a verification code sent to you.</p>
<h3>Never share your codes</h3>
<p>Verification codes have 6 digits, are valid for 10 minutes and can be used only once. A code is only ever meant for you to type into this site yourself. Nobody from Open Exchange will ever ask you for a code, your password or your trade password, whether by phone, message, email or chat. Anyone who asks is trying to take over your account.</p>
<h3>Good habits</h3>
<ul>
<li>Use a password that you do not use anywhere else. Passwords are 6 to 16 letters or digits; use the full length and mix both.</li>
<li>Sign out when you use a shared or public computer.</li>
<li>Keep the email account or phone linked to your account secure, because that is where your codes go.</li>
<li>If you receive a code you did not ask for, do not pass it on. Someone may be trying to get into your account, so change your password.</li>
</ul>
<p>If you think someone else has got into your account, change your password straight away and contact support through the email address shown in the site footer.</p>`,
      },
      zh: {
        title: '保护您的账户安全',
        content: `<p>大多数账户被盗并不是因为被强行攻破，而是有人被骗交出了验证码或密码。养成几个好习惯，几乎可以防范所有这类风险。</p>
<h3>设置交易密码</h3>
<p>交易密码是与登录密码分开的第二个密码，为您的资金再加一道锁。请让它与登录密码不同，这样即使有人得知其中一个，也无法同时掌握两个。设置或修改交易密码需要使用发送给您的验证码。</p>
<h3>绝不透露验证码</h3>
<p>验证码为 6 位数字，10 分钟内有效，且只能使用一次。验证码只应由您本人输入本网站。Open Exchange 的任何人都绝不会通过电话、短信、邮件或聊天向您索要验证码、登录密码或交易密码。任何向您索要的人，都是想盗取您的账户。</p>
<h3>良好习惯</h3>
<ul>
<li>使用一个没有在其他地方用过的密码。密码由 6 至 16 位字母或数字组成；请尽量用足长度，并同时包含字母和数字。</li>
<li>在公用或共享电脑上使用后请退出登录。</li>
<li>保护好与账户绑定的邮箱或手机，因为验证码会发送到那里。</li>
<li>如果收到并非您本人申请的验证码，请不要转给任何人。可能有人正试图登录您的账户，请立即修改密码。</li>
</ul>
<p>如果您认为有人已进入您的账户，请立即修改密码，并通过网站页脚显示的客服邮箱联系我们。</p>`,
      },
      hk: {
        title: '保障您的帳戶安全',
        content: `<p>大多數帳戶被盜並不是因為被強行攻破，而是有人被騙交出了驗證碼或密碼。養成幾個好習慣，幾乎可以防範所有這類風險。</p>
<h3>設定交易密碼</h3>
<p>交易密碼是與登入密碼分開的第二個密碼，為您的資金再加一道鎖。請讓它與登入密碼不同，這樣即使有人得知其中一個，也無法同時掌握兩個。設定或更改交易密碼需要使用發送給您的驗證碼。</p>
<h3>絕不透露驗證碼</h3>
<p>驗證碼為 6 位數字，10 分鐘內有效，且只能使用一次。驗證碼只應由您本人輸入本網站。Open Exchange 的任何人都絕不會透過電話、短訊、電郵或聊天向您索取驗證碼、登入密碼或交易密碼。任何向您索取的人，都是想盜取您的帳戶。</p>
<h3>良好習慣</h3>
<ul>
<li>使用一個沒有在其他地方用過的密碼。密碼由 6 至 16 位字母或數字組成；請盡量用足長度，並同時包含字母和數字。</li>
<li>在公用或共用電腦上使用後請登出。</li>
<li>保護好與帳戶綁定的電郵或手機，因為驗證碼會發送到那裏。</li>
<li>如果收到並非您本人申請的驗證碼，請不要轉交任何人。可能有人正試圖登入您的帳戶，請立即更改密碼。</li>
</ul>
<p>如果您認為有人已進入您的帳戶，請立即更改密碼，並透過網站頁尾顯示的客服電郵聯絡我們。</p>`,
      },
    },
  },

  // ---------------------------------------------------------------- Category 5: about
  {
    id: 8,
    category_id: 5,
    banner: null,
    sort: 1,
    days_ago: 30,
    texts: {
      en: {
        title: 'About Open Exchange',
        content: `<p>Open Exchange is an open-source cryptocurrency exchange. Its code is public, so anyone can read how orders are matched, how balances move and how contracts are settled, and check that the site does what it says.</p>
<p>The exchange offers spot markets, where coins are bought and sold against each other, together with fiat, leverage, seconds-contract and financial accounts. Prices come only from real orders matched by the exchange's own engine by price-time priority, and each trade prints at the resting order's price. Nothing on the trade page is painted on for show.</p>
<p>When the exchange runs in demo mode, liquidity comes from a market-maker account that is clearly labelled as such. It places real orders through the same engine as everybody else and gets no special treatment.</p>
<p>Behind the scenes, every change to a balance is recorded in a journal, and an audit checks that no money is ever created or lost. A rejected or cancelled withdrawal always releases its funds back to you.</p>
<p>The site is available in English, Simplified Chinese, Traditional Chinese, Japanese, German, Dutch and French.</p>
<p>We would rather be plain than impressive. If something is unclear, ask us through the support email shown in the site footer, or read the code.</p>`,
      },
      zh: {
        title: '关于 Open Exchange',
        content: `<p>Open Exchange 是一个开源的加密货币交易所。它的代码是公开的，任何人都可以查看订单如何撮合、余额如何变动、合约如何结算，并核实网站是否言行一致。</p>
<p>交易所提供币种之间相互买卖的现货市场，以及法币、杠杆、秒合约和理财账户。价格只来自交易所自己的引擎按价格优先、时间优先原则撮合的真实订单，每笔交易都以挂单方订单的价格成交。交易页面上没有任何为了好看而虚构的东西。</p>
<p>当交易所以演示模式运行时，流动性来自一个明确标注为做市商的账户。它与其他所有人一样，通过同一个引擎下达真实订单，不享有任何特殊待遇。</p>
<p>在后台，每一笔余额变动都记入流水账，审计程序会核查确保资金既不会凭空产生，也不会无故消失。被拒绝或被取消的提现，其资金一定会退还给您。</p>
<p>本网站支持英语、简体中文、繁体中文、日语、德语、荷兰语和法语。</p>
<p>我们宁愿朴实，也不愿浮夸。如有任何不清楚的地方，请通过网站页脚显示的客服邮箱询问我们，或者直接阅读代码。</p>`,
      },
      hk: {
        title: '關於 Open Exchange',
        content: `<p>Open Exchange 是一個開源的加密貨幣交易所。它的代碼是公開的，任何人都可以查看訂單如何撮合、餘額如何變動、合約如何結算，並核實網站是否言行一致。</p>
<p>交易所提供幣種之間互相買賣的現貨市場，以及法幣、槓桿、秒合約和理財帳戶。價格只來自交易所自己的引擎按價格優先、時間優先原則撮合的真實訂單，每筆交易都以掛單方訂單的價格成交。交易頁面上沒有任何為了好看而虛構的東西。</p>
<p>當交易所以示範模式運行時，流動性來自一個清楚標示為做市商的帳戶。它與其他所有人一樣，透過同一個引擎下達真實訂單，不享有任何特殊待遇。</p>
<p>在後台，每一筆餘額變動都記入流水帳，審計程序會核查確保資金既不會憑空產生，也不會無故消失。被拒絕或被取消的提款，其資金一定會退還給您。</p>
<p>本網站支援英文、簡體中文、繁體中文、日文、德文、荷蘭文和法文。</p>
<p>我們寧願樸實，也不願浮誇。如有任何不清楚的地方，請透過網站頁尾顯示的客服電郵查詢，或者直接閱讀代碼。</p>`,
      },
    },
  },
  {
    id: 9,
    category_id: 5,
    banner: null,
    sort: 2,
    days_ago: 30,
    texts: {
      en: {
        title: 'Our honesty principles',
        content: `<p>An exchange asks people to trust it with their money. We think that trust should rest on things you can check, not on promises. These are the rules we build by.</p>
<ol>
<li><strong>Real prices only.</strong> Every price comes from real orders matched by our engine. Orders are matched by price-time priority, the same rule for everyone, and trades print at the resting order's price.</li>
<li><strong>No invented depth.</strong> In demo mode, liquidity comes from a clearly labelled market-maker account that places real orders through the same engine. We never paint fake orders into the book.</li>
<li><strong>Outcomes anyone can recompute.</strong> Seconds contracts settle at the market's real last trade price at expiry, the same price shown in the public trades and on the charts. There is no per-user outcome control.</li>
<li><strong>No money created or lost.</strong> Every balance change is recorded in a journal, and an audit checks that the books always balance.</li>
<li><strong>Your funds come back.</strong> A rejected or cancelled withdrawal always releases its funds.</li>
<li><strong>Open code.</strong> The exchange is open source, so you do not have to take any of this on our word.</li>
<li><strong>No claims we cannot show.</strong> We do not advertise numbers, awards or credentials that we cannot back up.</li>
</ol>
<p>If you ever find that we fall short of one of these, please tell us through the support email shown in the site footer. We would much rather hear it than have it go unnoticed.</p>`,
      },
      zh: {
        title: '我们的诚信原则',
        content: `<p>交易所需要人们把资金托付给它。我们认为，这份信任应当建立在您能够核实的事实之上，而不是建立在承诺之上。以下是我们始终遵守的原则。</p>
<ol>
<li><strong>只有真实价格。</strong>每一个价格都来自由我们的引擎撮合的真实订单。订单按价格优先、时间优先的原则撮合，对所有人一视同仁，每笔交易都以挂单方订单的价格成交。</li>
<li><strong>没有虚构深度。</strong>在演示模式下，流动性来自一个明确标注的做市商账户，它通过同一个引擎下达真实订单。我们绝不会在订单簿中伪造挂单。</li>
<li><strong>结果人人可复算。</strong>秒合约到期时按该市场真实的最新成交价结算，与公开成交记录和 K 线图上显示的价格相同。不存在针对个别用户的结果控制。</li>
<li><strong>资金不会凭空产生或消失。</strong>每一笔余额变动都记入流水账，审计程序会核查账目始终平衡。</li>
<li><strong>您的资金一定会退回。</strong>被拒绝或被取消的提现，其资金一定会释放。</li>
<li><strong>代码公开。</strong>交易所是开源的，所以以上每一条您都不必只听我们的一面之词。</li>
<li><strong>不作无法证明的宣传。</strong>我们不会宣传任何无法拿出依据的数字、奖项或资质。</li>
</ol>
<p>如果您发现我们有任何一条没有做到，请通过网站页脚显示的客服邮箱告诉我们。我们宁愿听到批评，也不愿问题被忽视。</p>`,
      },
      hk: {
        title: '我們的誠信原則',
        content: `<p>交易所需要人們把資金託付給它。我們認為，這份信任應當建立在您能夠核實的事實之上，而不是建立在承諾之上。以下是我們始終遵守的原則。</p>
<ol>
<li><strong>只有真實價格。</strong>每一個價格都來自由我們的引擎撮合的真實訂單。訂單按價格優先、時間優先的原則撮合，對所有人一視同仁，每筆交易都以掛單方訂單的價格成交。</li>
<li><strong>沒有虛構深度。</strong>在示範模式下，流動性來自一個清楚標示的做市商帳戶，它透過同一個引擎下達真實訂單。我們絕不會在訂單簿中偽造掛單。</li>
<li><strong>結果人人可覆算。</strong>秒合約到期時按該市場真實的最新成交價結算，與公開成交記錄和 K 線圖上顯示的價格相同。不存在針對個別用戶的結果控制。</li>
<li><strong>資金不會憑空產生或消失。</strong>每一筆餘額變動都記入流水帳，審計程序會核查帳目始終平衡。</li>
<li><strong>您的資金一定會退回。</strong>被拒絕或被取消的提款，其資金一定會釋放。</li>
<li><strong>代碼公開。</strong>交易所是開源的，所以以上每一條您都不必只聽我們的一面之詞。</li>
<li><strong>不作無法證明的宣傳。</strong>我們不會宣傳任何無法拿出依據的數字、獎項或資格。</li>
</ol>
<p>如果您發現我們有任何一條沒有做到，請透過網站頁尾顯示的客服電郵告訴我們。我們寧願聽到批評，也不願問題被忽視。</p>`,
      },
    },
  },
  {
    id: 10,
    category_id: 5,
    banner: null,
    sort: 3,
    days_ago: 30,
    texts: {
      en: {
        title: 'Fees and limits',
        content: `<p>You should know what a trade costs before you place it. This page explains how fees and limits work on Open Exchange.</p>
<h3>Trading fees</h3>
<p>Each market has its own fee rate, and it is shown on that market's trade page. The fee is taken from what you receive: when you buy, from the coin you get; when you sell, from the quote currency you get. Like every other balance change, it is written to your balance journal.</p>
<h3>Order limits</h3>
<p>Each market sets how many decimal places its prices and amounts can have. Where a market has other limits, an order outside them is refused with a message that explains why, rather than being partly carried out.</p>
<h3>Withdrawals</h3>
<p>Withdrawal fees and the smallest and largest amounts you can withdraw are set separately for each coin and shown before you confirm. If a withdrawal is rejected, or you cancel it, the full amount held for it is always released back to your account.</p>
<h3>Why there are no numbers on this page</h3>
<p>Rates can differ from market to market and from coin to coin, and they can change. Rather than print figures here that might go out of date, we show the current ones where you use them. If this page and a trade page ever seem to disagree, the trade page is the one to trust.</p>`,
      },
      zh: {
        title: '费用与限额',
        content: `<p>在下单之前，您应当清楚这笔交易的成本。本页说明 Open Exchange 的费用和限额是如何运作的。</p>
<h3>交易手续费</h3>
<p>每个市场都有自己的费率，并显示在该市场的交易页面上。手续费从您收到的资产中扣除：买入时从买到的币中扣除，卖出时从得到的计价货币中扣除。与其他所有余额变动一样，手续费也会记入您的资金流水。</p>
<h3>下单限制</h3>
<p>每个市场都规定了价格和数量可以使用的小数位数。如果某个市场还有其他限制，超出限制的订单会被拒绝，并附上说明原因的提示，而不会只执行一部分。</p>
<h3>提现</h3>
<p>提现手续费以及单笔最小和最大提现金额按币种分别设定，并会在您确认之前显示。如果提现被拒绝，或者您主动取消，为其冻结的全部金额一定会退回您的账户。</p>
<h3>为什么本页没有具体数字</h3>
<p>不同市场、不同币种的费率可能不同，而且可能会调整。与其在这里列出可能过时的数字，我们选择在您实际使用的地方显示当前数值。如果本页与交易页面的信息看起来不一致，请以交易页面为准。</p>`,
      },
      hk: {
        title: '費用與限額',
        content: `<p>在下單之前，您應當清楚這筆交易的成本。本頁說明 Open Exchange 的費用和限額是如何運作的。</p>
<h3>交易手續費</h3>
<p>每個市場都有自己的費率，並顯示在該市場的交易頁面上。手續費從您收到的資產中扣除：買入時從買到的幣中扣除，賣出時從得到的計價貨幣中扣除。與其他所有餘額變動一樣，手續費亦會記入您的資金流水。</p>
<h3>下單限制</h3>
<p>每個市場都規定了價格和數量可以使用的小數位數。如果某個市場還有其他限制，超出限制的訂單會被拒絕，並附上說明原因的提示，而不會只執行一部分。</p>
<h3>提款</h3>
<p>提款手續費以及單筆最小和最大提款金額按幣種分別設定，並會在您確認之前顯示。如果提款被拒絕，或者您主動取消，為其凍結的全部金額一定會退回您的帳戶。</p>
<h3>為甚麼本頁沒有具體數字</h3>
<p>不同市場、不同幣種的費率可能不同，而且可能會調整。與其在這裏列出可能過時的數字，我們選擇在您實際使用的地方顯示當前數值。如果本頁與交易頁面的資訊看起來不一致，請以交易頁面為準。</p>`,
      },
    },
  },

  // ---------------------------------------------------------------- Category 6: news
  {
    id: 11,
    category_id: 6,
    banner: null,
    sort: 1,
    days_ago: 30,
    texts: {
      en: {
        title: 'The Open Exchange demo is open',
        content: `<p>Today we are opening the Open Exchange demo to everyone. You can register with an email address or a mobile number and try the whole exchange: spot trading, transfers between your accounts, seconds contracts and more. All balances in the demo are play money.</p>
<p>The demo runs the same code as the real thing. Orders go through the real matching engine, prices come only from real orders, and every balance change is written to the journal and checked by the audit. The differences are that the money is not real, and that liquidity comes from a clearly labelled market-maker account, which places real orders through the same engine as you.</p>
<p>Because everything is open source, you can read exactly what happens when you press Buy, and compare it with what you see on the screen.</p>
<p>The site speaks English, Simplified Chinese, Traditional Chinese, Japanese, German, Dutch and French, so pick the language you are most comfortable with.</p>
<p>Please try to break things. If you find a bug, a confusing screen or a number that does not add up, tell us through the support email shown in the site footer. Every report helps.</p>`,
      },
      zh: {
        title: 'Open Exchange 演示站正式开放',
        content: `<p>今天起，Open Exchange 演示站向所有人开放。您可以用邮箱地址或手机号码注册，体验交易所的全部功能：现货交易、账户之间的划转、秒合约等等。演示站中的所有余额都是虚拟资金。</p>
<p>演示站运行的代码与正式环境完全相同。订单经过真实的撮合引擎，价格只来自真实订单，每一笔余额变动都记入流水账并接受审计核查。不同之处只在于资金不是真的，以及流动性来自一个明确标注的做市商账户，它和您一样通过同一个引擎下达真实订单。</p>
<p>由于一切都是开源的，您可以准确地看到点击“买入”之后发生了什么，并与屏幕上显示的结果对照。</p>
<p>本网站支持英语、简体中文、繁体中文、日语、德语、荷兰语和法语，请选择您最习惯的语言。</p>
<p>欢迎您尽情“找茬”。如果您发现程序错误、令人困惑的页面或对不上的数字，请通过网站页脚显示的客服邮箱告诉我们。每一份反馈都很有帮助。</p>`,
      },
      hk: {
        title: 'Open Exchange 示範站正式開放',
        content: `<p>今天起，Open Exchange 示範站向所有人開放。您可以用電郵地址或手機號碼註冊，體驗交易所的全部功能：現貨交易、帳戶之間的劃轉、秒合約等等。示範站中的所有餘額都是虛擬資金。</p>
<p>示範站運行的代碼與正式環境完全相同。訂單經過真實的撮合引擎，價格只來自真實訂單，每一筆餘額變動都記入流水帳並接受審計核查。不同之處只在於資金不是真的，以及流動性來自一個清楚標示的做市商帳戶，它和您一樣透過同一個引擎下達真實訂單。</p>
<p>由於一切都是開源的，您可以準確地看到按下「買入」之後發生了甚麼，並與螢幕上顯示的結果對照。</p>
<p>本網站支援英文、簡體中文、繁體中文、日文、德文、荷蘭文和法文，請選擇您最習慣的語言。</p>
<p>歡迎您盡情「找碴」。如果您發現程式錯誤、令人困惑的頁面或對不上的數字，請透過網站頁尾顯示的客服電郵告訴我們。每一份意見都很有幫助。</p>`,
      },
    },
  },
  {
    id: 12,
    category_id: 6,
    banner: null,
    sort: 2,
    days_ago: 21,
    texts: {
      en: {
        title: 'New markets: BTC, ETH, TRX, DOT and FAIR against USDT',
        content: `<p>Five spot markets are now open, all quoted in USDT:</p>
<ul>
<li><strong>BTC/USDT</strong>: Bitcoin</li>
<li><strong>ETH/USDT</strong>: Ethereum</li>
<li><strong>TRX/USDT</strong>: TRON</li>
<li><strong>DOT/USDT</strong>: Polkadot</li>
<li><strong>FAIR/USDT</strong>: FAIR, the house coin of Open Exchange</li>
</ul>
<p>FAIR is our house coin. Like every other market here, its price is set only by the orders people place, and we make no promises about where it will go.</p>
<p>In all five markets, prices are formed the same way: by real orders matched by our engine with price-time priority, each trade printing at the resting order's price. In demo mode, the clearly labelled market-maker account provides liquidity by placing real orders through the same engine. Its orders are ordinary orders: you can trade against them, and they wait in line behind earlier orders at the same price, just like yours.</p>
<p>Each market's fee rate is shown on its trade page. Choose a market from the market list to get started, and remember that in demo mode all balances are play money.</p>`,
      },
      zh: {
        title: '新市场上线：BTC、ETH、TRX、DOT 和 FAIR 对 USDT',
        content: `<p>以下五个现货市场现已开放，均以 USDT 计价：</p>
<ul>
<li><strong>BTC/USDT</strong>：比特币</li>
<li><strong>ETH/USDT</strong>：以太坊</li>
<li><strong>TRX/USDT</strong>：波场</li>
<li><strong>DOT/USDT</strong>：波卡</li>
<li><strong>FAIR/USDT</strong>：FAIR，Open Exchange 的平台币</li>
</ul>
<p>FAIR 是我们的平台币。与这里的其他市场一样，它的价格只由用户下达的订单决定，我们不对它的价格走势作任何承诺。</p>
<p>这五个市场的价格形成方式完全相同：由我们的引擎按价格优先、时间优先原则撮合真实订单，每笔交易都以挂单方订单的价格成交。在演示模式下，明确标注的做市商账户通过同一个引擎下达真实订单来提供流动性。它的订单就是普通订单：您可以与之成交，而且在同一价格上，它们和您的订单一样排在更早的订单之后。</p>
<p>每个市场的费率都显示在其交易页面上。从市场列表中选择一个市场即可开始交易。请记住，在演示模式下，所有余额都是虚拟资金。</p>`,
      },
      hk: {
        title: '新市場上線：BTC、ETH、TRX、DOT 和 FAIR 對 USDT',
        content: `<p>以下五個現貨市場現已開放，均以 USDT 計價：</p>
<ul>
<li><strong>BTC/USDT</strong>：比特幣</li>
<li><strong>ETH/USDT</strong>：以太坊</li>
<li><strong>TRX/USDT</strong>：波場</li>
<li><strong>DOT/USDT</strong>：波卡</li>
<li><strong>FAIR/USDT</strong>：FAIR，Open Exchange 的平台幣</li>
</ul>
<p>FAIR 是我們的平台幣。與這裏的其他市場一樣，它的價格只由用戶下達的訂單決定，我們不對它的價格走勢作任何承諾。</p>
<p>這五個市場的價格形成方式完全相同：由我們的引擎按價格優先、時間優先原則撮合真實訂單，每筆交易都以掛單方訂單的價格成交。在示範模式下，清楚標示的做市商帳戶透過同一個引擎下達真實訂單來提供流動性。它的訂單就是普通訂單：您可以與之成交，而且在同一價格上，它們和您的訂單一樣排在更早的訂單之後。</p>
<p>每個市場的費率都顯示在其交易頁面上。從市場列表中選擇一個市場即可開始交易。請記住，在示範模式下，所有餘額都是虛擬資金。</p>`,
      },
    },
  },
  {
    id: 13,
    category_id: 6,
    banner: null,
    sort: 3,
    days_ago: 14,
    texts: {
      en: {
        title: 'Seconds contracts, explained honestly',
        content: `<p>A seconds contract (sometimes called a micro contract) is a very short prediction. You choose a market, a direction, up or down, an amount and a duration, and the terms are shown to you before you confirm. When the time is up, the contract settles. If the price has not moved your way, you can lose the whole amount you put in.</p>
<h3>Which price decides the result</h3>
<p>Every contract settles at the market's real last trade price at the moment it expires. That is the same price anyone can see in the public trade list and on the klines. There is no separate settlement price and no per-user outcome control: nobody can decide whether your contract wins or loses, and no account is treated differently from another.</p>
<h3>Check it yourself</h3>
<p>Note the price at which your contract opened and the time it expired, then look up the last trade at that moment in the public trades or on the chart. You will find the same price we used. Because the code is open source, you can also read exactly how settlement is calculated.</p>
<h3>The honest part</h3>
<p>Prices over a few seconds or minutes are mostly noise, and a seconds contract is a bet on that noise. Fair settlement does not make it a good investment; it only means the result is real. In demo mode all balances are play money, which makes it a good place to learn how these contracts behave without risking anything.</p>`,
      },
      zh: {
        title: '秒合约：坦诚的说明',
        content: `<p>秒合约（有时也称为微合约）是一种期限极短的预测。您选择市场、方向（涨或跌）、金额和时长，确认之前会看到完整的条款。时间一到，合约即结算。如果价格没有朝您选择的方向变动，您可能会损失投入的全部金额。</p>
<h3>由哪个价格决定结果</h3>
<p>每份合约都在到期时按该市场真实的最新成交价结算。这与任何人在公开成交记录和 K 线上看到的价格完全相同。没有单独的结算价格，也不存在针对个别用户的结果控制：没有人能决定您的合约是盈是亏，也不会对任何账户区别对待。</p>
<h3>自己动手核验</h3>
<p>记下合约的开仓价格和到期时间，然后在公开成交记录或 K 线图上查找那一刻的最新成交价。您会看到与我们使用的完全相同的价格。由于代码是开源的，您还可以直接查看结算是如何计算的。</p>
<h3>坦白地说</h3>
<p>几秒钟或几分钟内的价格变动大多是随机波动，秒合约本质上就是对这种波动下注。公平的结算并不会让它变成好的投资，只能保证结果是真实的。在演示模式下，所有余额都是虚拟资金，这正是在不承担任何风险的情况下了解这类合约如何运作的好机会。</p>`,
      },
      hk: {
        title: '秒合約：坦誠的說明',
        content: `<p>秒合約（有時亦稱為微合約）是一種期限極短的預測。您選擇市場、方向（升或跌）、金額和時長，確認之前會看到完整的條款。時間一到，合約即結算。如果價格沒有朝您選擇的方向變動，您可能會損失投入的全部金額。</p>
<h3>由哪個價格決定結果</h3>
<p>每份合約都在到期時按該市場真實的最新成交價結算。這與任何人在公開成交記錄和 K 線上看到的價格完全相同。沒有另設的結算價格，也不存在針對個別用戶的結果控制：沒有人能決定您的合約是盈是虧，也不會對任何帳戶區別對待。</p>
<h3>自己動手核實</h3>
<p>記下合約的開倉價格和到期時間，然後在公開成交記錄或 K 線圖上查找那一刻的最新成交價。您會看到與我們使用的完全相同的價格。由於代碼是開源的，您還可以直接查看結算是如何計算的。</p>
<h3>坦白地說</h3>
<p>幾秒鐘或幾分鐘內的價格變動大多是隨機波動，秒合約本質上就是對這種波動下注。公平的結算並不會令它變成好的投資，只能保證結果是真實的。在示範模式下，所有餘額都是虛擬資金，這正是在不承擔任何風險的情況下了解這類合約如何運作的好機會。</p>`,
      },
    },
  },

  // ---------------------------------------------------------------- Category 22: home notices
  {
    id: 14,
    category_id: 22,
    banner: null,
    sort: 1,
    days_ago: 30,
    texts: {
      en: {
        title: 'This is a demo exchange: balances are play money',
        content: `<p>This site runs in demo mode. All balances here are play money: they have no real value and nothing you do here can cost you real money. Please do not send real coins to any address shown on this site. Liquidity comes from a clearly labelled market-maker account that places real orders through the same engine you use, so prices and trades behave exactly as they would with real money. Feel free to experiment: this is the place to learn how the exchange works without any risk.</p>`,
      },
      zh: {
        title: '这是演示交易所：余额均为虚拟资金',
        content: `<p>本网站运行在演示模式下。这里的所有余额都是虚拟资金：它们没有任何实际价值，您在这里的任何操作都不会让您损失真实的钱。请不要向本网站显示的任何地址发送真实的币。流动性来自一个明确标注的做市商账户，它通过与您相同的引擎下达真实订单，因此价格和成交的表现与使用真实资金时完全一样。欢迎放心尝试：在这里，您可以在没有任何风险的情况下了解交易所的运作方式。</p>`,
      },
      hk: {
        title: '這是示範交易所：餘額均為虛擬資金',
        content: `<p>本網站運行於示範模式。這裏的所有餘額都是虛擬資金：它們沒有任何實際價值，您在這裏的任何操作都不會令您損失真實的金錢。請不要向本網站顯示的任何地址發送真實的幣。流動性來自一個清楚標示的做市商帳戶，它透過與您相同的引擎下達真實訂單，因此價格和成交的表現與使用真實資金時完全一樣。歡迎放心嘗試：在這裏，您可以在沒有任何風險的情況下了解交易所的運作方式。</p>`,
      },
    },
  },
  {
    id: 15,
    category_id: 22,
    banner: null,
    sort: 2,
    days_ago: 10,
    texts: {
      en: {
        title: 'Maintenance windows are announced here 24 hours ahead',
        content: `<p>When we need to take the exchange offline for maintenance, we announce it here at least 24 hours in advance, with the start time and how long we expect it to take. Maintenance never changes your balances: every balance change is recorded in the journal, and the audit checks that nothing is created or lost. If an urgent security fix ever needs shorter notice, we will say so here and explain why. Please check this area before planning anything time-sensitive.</p>`,
      },
      zh: {
        title: '维护时间将提前 24 小时在此公告',
        content: `<p>当我们需要暂停交易所进行维护时，会至少提前 24 小时在这里发布公告，注明开始时间和预计持续多久。维护绝不会改变您的余额：每一笔余额变动都记入流水账，审计程序会核查确保资金既不会凭空产生，也不会丢失。如果紧急的安全修复需要更短的通知时间，我们会在这里说明并解释原因。如有时间紧迫的安排，请先查看这里的公告。</p>`,
      },
      hk: {
        title: '維護時間將提前 24 小時在此公告',
        content: `<p>當我們需要暫停交易所進行維護時，會至少提前 24 小時在這裏發佈公告，註明開始時間和預計持續多久。維護絕不會改變您的餘額：每一筆餘額變動都記入流水帳，審計程序會核查確保資金既不會憑空產生，也不會遺失。如果緊急的安全修補需要更短的通知時間，我們會在這裏說明並解釋原因。如有時間緊迫的安排，請先查看這裏的公告。</p>`,
      },
    },
  },
  {
    id: 16,
    category_id: 22,
    banner: null,
    sort: 3,
    days_ago: 7,
    texts: {
      en: {
        title: 'We will never ask for your codes or passwords',
        content: `<p>Nobody from Open Exchange will ever ask for your password, your trade password or a verification code, whether by email, phone, message or chat. Codes have 6 digits, are valid for 10 minutes and can be used once, and they are only for you to type into this site yourself. If someone asks you for one, they are trying to take over your account: do not reply to them, and contact support through the email address shown in the site footer.</p>`,
      },
      zh: {
        title: '我们绝不会索要您的验证码或密码',
        content: `<p>Open Exchange 的任何人都绝不会通过邮件、电话、短信或聊天向您索要登录密码、交易密码或验证码。验证码为 6 位数字，10 分钟内有效，只能使用一次，并且只应由您本人输入本网站。如果有人向您索要，那就是想盗取您的账户：请不要回复，并通过网站页脚显示的客服邮箱联系我们。</p>`,
      },
      hk: {
        title: '我們絕不會索取您的驗證碼或密碼',
        content: `<p>Open Exchange 的任何人都絕不會透過電郵、電話、短訊或聊天向您索取登入密碼、交易密碼或驗證碼。驗證碼為 6 位數字，10 分鐘內有效，只能使用一次，並且只應由您本人輸入本網站。如果有人向您索取，那就是想盜取您的帳戶：請不要回覆，並透過網站頁尾顯示的客服電郵聯絡我們。</p>`,
      },
    },
  },

  // ---------------------------------------------------------------- Category 26: legal
  {
    id: 66,
    category_id: 26,
    banner: null,
    sort: 1,
    days_ago: 30,
    texts: {
      en: {
        title: 'Privacy Policy',
        content: `<p>This Privacy Policy explains what information Open Exchange collects when you use the exchange, why we need it, how long we keep it and what you can ask us to do with it. We have tried to write it in plain language. Open Exchange is open source, so the way your information is handled can also be checked in the code.</p>
<h3>1. Information we collect</h3>
<p>We collect only what we need to run your account and the exchange:</p>
<ul>
<li><strong>Account details</strong>: the email address or mobile number you register with, the country or region code of a mobile number, an email address if you bind one later, and, if you registered with an invitation code, which account invited you.</li>
<li><strong>Your passwords</strong>: your login password and, if you set one, your trade password. Both are stored only as one-way hashes, never in readable form (see section 3).</li>
<li><strong>Sign-in sessions</strong>: a record of each session you open, with when it started, when it was last used and when it ended, so that we can keep you signed in and sign you out. The session token itself is stored only as a hash.</li>
<li><strong>Verification codes</strong>: the address or number a code was sent to, its purpose, when it expires, how many attempts were made and whether it was used. The code itself is stored only as a hash.</li>
<li><strong>Security and technical logs</strong>: IP addresses and request details in our server logs, and records of failed sign-in attempts. We use these to limit how fast requests can be made (rate limiting), to slow down password guessing and to investigate faults and abuse.</li>
<li><strong>Trading and account records</strong>: your orders, trades, balances, transfers between your own accounts, deposits and withdrawals, and the balance journal that records every change to your balances.</li>
<li><strong>Identity documents</strong>: only if you choose to submit identity verification, the documents and details you provide for it. If you never submit verification, we hold none.</li>
</ul>
<p>We do not ask for information we do not use, and we do not buy information about you from anyone else.</p>
<h3>2. Why we use it</h3>
<ul>
<li>To create your account, sign you in and keep your sessions secure.</li>
<li>To send you verification codes and important messages about your account.</li>
<li>To match your orders, keep your balances and process your transfers, deposits and withdrawals.</li>
<li>To keep accurate records: every balance change is written to a journal, and an audit checks that no money is created or lost.</li>
<li>To protect the exchange and the people who use it, for example by rate-limiting requests and looking into suspicious activity.</li>
<li>To review your identity verification, if you submit it.</li>
<li>To meet legal obligations that apply to us, such as keeping records of transactions.</li>
</ul>
<p>We do not use your information for advertising, and we do not build profiles of you for anyone else.</p>
<h3>3. How we protect passwords and tokens</h3>
<p>Your login password is stored only as an <strong>argon2id</strong> hash. Argon2id is a one-way function designed to be slow and expensive to reverse, so even we cannot read or recover your password. If you forget it, you set a new one using a verification code. Your trade password is stored as a hash in the same way.</p>
<p>When you sign in, your browser receives a token that proves who you are on each request. We store only a hash of that token, so a copy of our database alone could not be used to sign in as you. When you sign out, the session is ended on our side as well. Verification codes are also stored only as hashes, expire after 10 minutes and stop working once they have been used.</p>
<h3>4. How long we keep it</h3>
<ul>
<li><strong>Account details, orders, trades, balances and the balance journal</strong>: for as long as your account exists, and afterwards for as long as the law requires financial records to be kept.</li>
<li><strong>Sign-in sessions</strong>: while they are active, and afterwards only as long as they are useful for keeping your account secure.</li>
<li><strong>Verification codes and failed sign-in records</strong>: only as long as they are needed to check codes and to slow down guessing.</li>
<li><strong>Server logs with IP addresses</strong>: for a limited period, long enough for rate limiting and for investigating faults and abuse, after which they are deleted.</li>
<li><strong>Identity documents</strong>: for as long as needed to complete and support your verification, and no longer than any legal record-keeping duty requires.</li>
</ul>
<h3>5. Who we share it with</h3>
<p>We do not sell your personal information, and we do not rent it out or trade it. We share it only where that is needed to run the service or where we are required to:</p>
<ul>
<li>With the email or SMS service that delivers your verification codes, which receives your address or number and the message itself.</li>
<li>When the law requires it, for example in response to a valid legal request from a competent authority.</li>
</ul>
<p>Public market data, such as trades, prices and the order book, is shown to everyone without your name, email address or phone number.</p>
<h3>6. Cookies and local storage</h3>
<p>The website keeps a small amount of information in your browser's local storage:</p>
<ul>
<li><strong>Your sign-in token</strong>, so that you stay signed in between pages and visits. It is removed when you sign out.</li>
<li><strong>Your language</strong>: English, Simplified Chinese, Traditional Chinese, Japanese, German, Dutch or French.</li>
<li><strong>Your theme</strong>, such as light or dark.</li>
<li><strong>Your account name</strong> (email or phone number), only if you tick "Remember my account" at login. Your password is never stored.</li>
<li><strong>Your trading preferences</strong>: the chart interval, whether orders ask for confirmation, and, before you sign in, the markets you starred.</li>
</ul>
<p>We do not use advertising or tracking cookies. You can clear this storage at any time in your browser settings; you will then be signed out, and the site will go back to its default language and theme.</p>
<h3>7. Your rights</h3>
<p>You can ask us for:</p>
<ul>
<li><strong>Access</strong>: a copy of the personal information we hold about you.</li>
<li><strong>Correction</strong>: to fix details that are wrong or out of date.</li>
<li><strong>Deletion</strong>: to delete your account and personal information. Some records, such as trades, balance journal entries and withdrawals, may have to be kept for the period the law requires. In that case we keep only what is required and delete the rest.</li>
</ul>
<p>Much of your information, such as your orders, balances and transfer history, is visible in your account at any time. To make a request, contact us as described in section 9. We may ask you to confirm the request from the email address or mobile number linked to your account, so that nobody else can make it in your name.</p>
<h3>8. Changes to this policy</h3>
<p>If we change this policy, we will publish the new version on this page. When a change affects how your information is used in a significant way, we will also announce it in the site notices before it takes effect.</p>
<h3>9. Contact us</h3>
<p>For questions about this policy, or to exercise any of your rights, write to the support email address shown in the site footer. If possible, write from the email address linked to your account. Please never include your password, your trade password or a verification code in your message: we will never ask for them.</p>`,
      },
      zh: {
        title: '隐私政策',
        content: `<p>本隐私政策说明 Open Exchange 在您使用交易所时收集哪些信息、为什么需要这些信息、保存多久，以及您可以要求我们如何处理这些信息。我们尽量用通俗的语言来撰写。Open Exchange 是开源项目，因此您的信息是如何处理的，也可以在代码中核实。</p>
<h3>1. 我们收集的信息</h3>
<p>我们只收集运营您的账户和交易所所必需的信息：</p>
<ul>
<li><strong>账户信息</strong>：您注册时使用的邮箱地址或手机号码、手机号码的国家或地区代码、您之后绑定的邮箱地址（如有），以及如果您使用邀请码注册，是哪个账户邀请了您。</li>
<li><strong>您的密码</strong>：您的登录密码，以及您设置的交易密码（如有）。两者都只以单向哈希值的形式保存，绝不以可读形式保存（见第 3 节）。</li>
<li><strong>登录会话</strong>：您每次登录产生的会话记录，包括开始时间、最近使用时间和结束时间，以便保持您的登录状态并为您退出登录。会话令牌本身只以哈希值形式保存。</li>
<li><strong>验证码</strong>：验证码发送到的地址或号码、用途、过期时间、尝试次数以及是否已使用。验证码本身只以哈希值形式保存。</li>
<li><strong>安全与技术日志</strong>：服务器日志中的 IP 地址和请求信息，以及登录失败的记录。我们用它们来限制请求频率（限流）、减缓密码猜测，以及调查故障和滥用行为。</li>
<li><strong>交易与账户记录</strong>：您的订单、成交、余额、在自己账户之间的划转、充值和提现，以及记录您每一笔余额变动的资金流水。</li>
<li><strong>身份证件</strong>：仅当您主动提交身份认证时，才会收集您为此提供的证件和资料。如果您从未提交认证，我们不会持有任何此类信息。</li>
</ul>
<p>我们不会索取用不到的信息，也不会从任何第三方购买有关您的信息。</p>
<h3>2. 我们为什么使用这些信息</h3>
<ul>
<li>为您创建账户、让您登录，并保障您的会话安全。</li>
<li>向您发送验证码和有关账户的重要消息。</li>
<li>撮合您的订单、记录您的余额，并处理您的划转、充值和提现。</li>
<li>保持准确的记录：每一笔余额变动都记入流水账，审计程序会核查确保资金既不会凭空产生，也不会丢失。</li>
<li>保护交易所及其用户，例如对请求进行限流、调查可疑活动。</li>
<li>在您提交身份认证时进行审核。</li>
<li>履行适用于我们的法律义务，例如保存交易记录。</li>
</ul>
<p>我们不会将您的信息用于广告，也不会为任何第三方建立您的用户画像。</p>
<h3>3. 我们如何保护密码和令牌</h3>
<p>您的登录密码只以 <strong>argon2id</strong> 哈希值的形式保存。Argon2id 是一种单向函数，专门设计为难以逆向破解且代价高昂，因此即使是我们也无法读取或恢复您的密码。如果您忘记密码，可以通过验证码设置新密码。您的交易密码也以同样的方式以哈希值保存。</p>
<p>您登录后，浏览器会获得一个令牌，用于在每次请求时证明您的身份。我们只保存该令牌的哈希值，因此仅凭我们数据库的副本无法冒充您登录。您退出登录时，该会话在我们这边也会同时结束。验证码同样只以哈希值保存，10 分钟后过期，使用一次后即失效。</p>
<h3>4. 我们保存多久</h3>
<ul>
<li><strong>账户信息、订单、成交、余额和资金流水</strong>：在您的账户存续期间保存，账户注销后按法律要求的财务记录保存期限继续保存。</li>
<li><strong>登录会话</strong>：在会话有效期间保存，之后只在有助于保障您账户安全的期限内保存。</li>
<li><strong>验证码和登录失败记录</strong>：只在核对验证码和减缓猜测所需的期限内保存。</li>
<li><strong>含 IP 地址的服务器日志</strong>：保存有限的一段时间，足以用于限流和调查故障与滥用行为，之后即予删除。</li>
<li><strong>身份证件</strong>：在完成和支持您的身份认证所需的期限内保存，且不超过任何法定记录保存义务所要求的期限。</li>
</ul>
<h3>5. 我们与谁共享</h3>
<p>我们不会出售您的个人信息，也不会出租或交换。我们只在运营服务所必需或法律要求的情况下共享：</p>
<ul>
<li>与为您发送验证码的邮件或短信服务商共享，它会收到您的地址或号码以及消息内容。</li>
<li>在法律要求时共享，例如回应主管机关依法提出的有效要求。</li>
</ul>
<p>公开的市场数据，例如成交记录、价格和订单簿，会向所有人展示，但不会包含您的姓名、邮箱地址或手机号码。</p>
<h3>6. Cookie 与本地存储</h3>
<p>本网站会在您浏览器的本地存储中保存少量信息：</p>
<ul>
<li><strong>您的登录令牌</strong>，以便您在不同页面和多次访问之间保持登录。退出登录时会被删除。</li>
<li><strong>您的语言</strong>：英语、简体中文、繁体中文、日语、德语、荷兰语或法语。</li>
<li><strong>您的主题</strong>，例如浅色或深色。</li>
<li><strong>您的账户名</strong>（邮箱或手机号），仅当您在登录时勾选“记住账户”时保存。您的密码永远不会被保存。</li>
<li><strong>您的交易偏好</strong>：K线周期、下单前是否确认，以及登录前您收藏的交易对。</li>
</ul>
<p>我们不使用广告或追踪类 Cookie。您可以随时在浏览器设置中清除这些存储内容；清除后您将退出登录，网站也会恢复默认的语言和主题。</p>
<h3>7. 您的权利</h3>
<p>您可以要求我们：</p>
<ul>
<li><strong>查阅</strong>：提供我们所持有的您的个人信息副本。</li>
<li><strong>更正</strong>：修正错误或过时的信息。</li>
<li><strong>删除</strong>：删除您的账户和个人信息。某些记录，例如成交记录、资金流水和提现记录，可能需要按法律要求的期限保存。在这种情况下，我们只保留法律要求的部分，其余全部删除。</li>
</ul>
<p>您的许多信息，例如订单、余额和划转记录，随时都可以在您的账户中查看。如需提出请求，请按第 9 节所述方式联系我们。我们可能会请您通过账户绑定的邮箱地址或手机号码确认请求，以确保没有其他人冒用您的名义。</p>
<h3>8. 本政策的变更</h3>
<p>如果我们修改本政策，会在本页面发布新版本。如果变更会对您信息的使用方式产生重大影响，我们还会在生效之前通过网站公告通知。</p>
<h3>9. 联系我们</h3>
<p>如对本政策有任何疑问，或希望行使您的任何权利，请发送邮件至网站页脚显示的客服邮箱。如有可能，请使用您账户绑定的邮箱地址发送。请不要在邮件中附上您的登录密码、交易密码或任何验证码：我们绝不会索要这些信息。</p>`,
      },
      hk: {
        title: '私隱政策',
        content: `<p>本私隱政策說明 Open Exchange 在您使用交易所時收集哪些資料、為甚麼需要這些資料、保存多久，以及您可以要求我們如何處理這些資料。我們盡量用淺白的語言撰寫。Open Exchange 是開源項目，因此您的資料是如何處理的，亦可以在代碼中核實。</p>
<h3>1. 我們收集的資料</h3>
<p>我們只收集營運您的帳戶和交易所所必需的資料：</p>
<ul>
<li><strong>帳戶資料</strong>：您註冊時使用的電郵地址或手機號碼、手機號碼的國家或地區代碼、您之後綁定的電郵地址（如有），以及如果您使用邀請碼註冊，是哪個帳戶邀請了您。</li>
<li><strong>您的密碼</strong>：您的登入密碼，以及您設定的交易密碼（如有）。兩者都只以單向雜湊值的形式保存，絕不以可讀形式保存（見第 3 節）。</li>
<li><strong>登入工作階段</strong>：您每次登入產生的工作階段記錄，包括開始時間、最近使用時間和結束時間，以便保持您的登入狀態並為您登出。工作階段權杖本身只以雜湊值形式保存。</li>
<li><strong>驗證碼</strong>：驗證碼發送到的地址或號碼、用途、到期時間、嘗試次數以及是否已使用。驗證碼本身只以雜湊值形式保存。</li>
<li><strong>安全與技術日誌</strong>：伺服器日誌中的 IP 地址和請求資料，以及登入失敗的記錄。我們用它們來限制請求頻率（限流）、減慢密碼猜測，以及調查故障和濫用行為。</li>
<li><strong>交易與帳戶記錄</strong>：您的訂單、成交、餘額、在自己帳戶之間的劃轉、存款和提款，以及記錄您每一筆餘額變動的資金流水。</li>
<li><strong>身份證明文件</strong>：僅當您主動提交身份認證時，才會收集您為此提供的文件和資料。如果您從未提交認證，我們不會持有任何此類資料。</li>
</ul>
<p>我們不會索取用不到的資料，亦不會從任何第三方購買有關您的資料。</p>
<h3>2. 我們為甚麼使用這些資料</h3>
<ul>
<li>為您建立帳戶、讓您登入，並保障您的工作階段安全。</li>
<li>向您發送驗證碼和有關帳戶的重要訊息。</li>
<li>撮合您的訂單、記錄您的餘額，並處理您的劃轉、存款和提款。</li>
<li>保持準確的記錄：每一筆餘額變動都記入流水帳，審計程序會核查確保資金既不會憑空產生，也不會遺失。</li>
<li>保護交易所及其用戶，例如對請求進行限流、調查可疑活動。</li>
<li>在您提交身份認證時進行審核。</li>
<li>履行適用於我們的法律義務，例如保存交易記錄。</li>
</ul>
<p>我們不會將您的資料用於廣告，亦不會為任何第三方建立您的用戶檔案。</p>
<h3>3. 我們如何保護密碼和權杖</h3>
<p>您的登入密碼只以 <strong>argon2id</strong> 雜湊值的形式保存。Argon2id 是一種單向函數，專門設計為難以逆向破解且代價高昂，因此即使是我們也無法讀取或還原您的密碼。如果您忘記密碼，可以透過驗證碼設定新密碼。您的交易密碼亦以同樣的方式以雜湊值保存。</p>
<p>您登入後，瀏覽器會獲得一個權杖，用於在每次請求時證明您的身份。我們只保存該權杖的雜湊值，因此僅憑我們資料庫的副本無法冒充您登入。您登出時，該工作階段在我們這邊亦會同時結束。驗證碼同樣只以雜湊值保存，10 分鐘後到期，使用一次後即失效。</p>
<h3>4. 我們保存多久</h3>
<ul>
<li><strong>帳戶資料、訂單、成交、餘額和資金流水</strong>：在您的帳戶存續期間保存，帳戶刪除後按法律要求的財務記錄保存期限繼續保存。</li>
<li><strong>登入工作階段</strong>：在工作階段有效期間保存，之後只在有助於保障您帳戶安全的期限內保存。</li>
<li><strong>驗證碼和登入失敗記錄</strong>：只在核對驗證碼和減慢猜測所需的期限內保存。</li>
<li><strong>含 IP 地址的伺服器日誌</strong>：保存有限的一段時間，足以用於限流和調查故障與濫用行為，之後即予刪除。</li>
<li><strong>身份證明文件</strong>：在完成和支援您的身份認證所需的期限內保存，且不超過任何法定記錄保存責任所要求的期限。</li>
</ul>
<h3>5. 我們與誰分享</h3>
<p>我們不會出售您的個人資料，亦不會出租或交換。我們只在營運服務所必需或法律要求的情況下分享：</p>
<ul>
<li>與為您發送驗證碼的電郵或短訊服務供應商分享，它會收到您的地址或號碼以及訊息內容。</li>
<li>在法律要求時分享，例如回應主管機關依法提出的有效要求。</li>
</ul>
<p>公開的市場數據，例如成交記錄、價格和訂單簿，會向所有人展示，但不會包含您的姓名、電郵地址或手機號碼。</p>
<h3>6. Cookie 與本機儲存</h3>
<p>本網站會在您瀏覽器的本機儲存中保存少量資料：</p>
<ul>
<li><strong>您的登入權杖</strong>，以便您在不同頁面和多次瀏覽之間保持登入。登出時會被刪除。</li>
<li><strong>您的語言</strong>：英文、簡體中文、繁體中文、日文、德文、荷蘭文或法文。</li>
<li><strong>您的主題</strong>，例如淺色或深色。</li>
<li><strong>您的帳戶名稱</strong>（電郵或手機號碼），僅當您在登入時勾選「記住帳戶」時保存。您的密碼永遠不會被保存。</li>
<li><strong>您的交易偏好</strong>：K線週期、下單前是否確認，以及登入前您收藏的交易對。</li>
</ul>
<p>我們不使用廣告或追蹤類 Cookie。您可以隨時在瀏覽器設定中清除這些儲存內容；清除後您將被登出，網站亦會恢復預設的語言和主題。</p>
<h3>7. 您的權利</h3>
<p>您可以要求我們：</p>
<ul>
<li><strong>查閱</strong>：提供我們所持有的您的個人資料副本。</li>
<li><strong>更正</strong>：修正錯誤或過時的資料。</li>
<li><strong>刪除</strong>：刪除您的帳戶和個人資料。某些記錄，例如成交記錄、資金流水和提款記錄，可能需要按法律要求的期限保存。在這種情況下，我們只保留法律要求的部分，其餘全部刪除。</li>
</ul>
<p>您的許多資料，例如訂單、餘額和劃轉記錄，隨時都可以在您的帳戶中查看。如需提出要求，請按第 9 節所述方式聯絡我們。我們可能會請您透過帳戶綁定的電郵地址或手機號碼確認要求，以確保沒有其他人冒用您的名義。</p>
<h3>8. 本政策的更改</h3>
<p>如果我們修改本政策，會在本頁面發佈新版本。如果更改會對您資料的使用方式產生重大影響，我們亦會在生效之前透過網站公告通知。</p>
<h3>9. 聯絡我們</h3>
<p>如對本政策有任何疑問，或希望行使您的任何權利，請發送電郵至網站頁尾顯示的客服電郵。如有可能，請使用您帳戶綁定的電郵地址發送。請不要在電郵中附上您的登入密碼、交易密碼或任何驗證碼：我們絕不會索取這些資料。</p>`,
      },
    },
  },
];

const TRANSLATIONS = { jp: DEMO_NEWS_JP, gm: DEMO_NEWS_GM, du: DEMO_NEWS_DU, fr: DEMO_NEWS_FR };

/** An article's text in every language that has it. */
export function articleTexts(article: DemoArticle): Record<string, DemoArticleText> {
  const texts: Record<string, DemoArticleText> = { ...article.texts };
  for (const [lang, byId] of Object.entries(TRANSLATIONS)) {
    const text = byId[article.id];
    if (text) texts[lang] = text;
  }
  return texts;
}
