/**
 * The passwords found most often in public breach corpora, lower-cased, refused when a password is chosen.
 *
 * `ranked`: the first 4,000 entries, in rank order, of the frequency-ranked list `src/passwords.json` of the npm
 * package @zxcvbn-ts/language-common 4.1.3 (MIT, https://github.com/zxcvbn-ts/zxcvbn), extracted with
 * `require("@zxcvbn-ts/language-common/src/passwords.json").slice(0, 4000)`, lower-cased and NFKC-normalized.
 * `additions`: common French and product-specific passwords that list does not rank as high.
 * Short ones are refused by the length rule anyway; they stay so the list keeps its meaning if the minimum ever changes.
 */
const ranked = `
123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123 football monkey
letmein shadow master 696969 michael mustang 666666 qwertyuiop 123321 1234567890 pussy superman 1qaz2wsx 7777777
fuckyou jordan qazwsx jennifer 123qwe 000000 killer trustno1 hunter harley zxcvbnm asdfgh buster andrew batman soccer
tigger charlie robert sunshine thomas iloveyou fuckme ranger daniel hockey george computer michelle jessica starwars
asshole pepper klaster 112233 zxcvbn freedom princess joshua maggie pass ginger 11111111 131313 fuck amanda ashley
love cheese 159753 nicole summer matthew chelsea dallas biteme matrix william yankees 6969 taylor corvette austin
access martin heather thunder merlin secret diamond hello anthony hammer fucker 1234qwer silver gfhjkm justin patrick
richard bailey internet samantha golfer scooter test orange cookie q1w2e3r4t5 maverick jackson sparky mickey phoenix
bigdog snoopy guitar whatever chicken morgan andrea camaro mercedes peanut ferrari cowboy falcon welcome samsung sexy
steelers joseph smokey dakota melissa arsenal boomer eagles tigers marina nascar booboo gateway porsche yellow monster
spider diablo hannah bulldog junior london purple compaq lakers iceman qwer1234 hardcore cowboys money banana ncc1701
boston brandon tennis johnny miller q1w2e3r4 coffee scooby 123654 edward nikita mother yamaha brandy barney chester
fuckoff oliver charles player knight forever steven rangers midnight chicago bigdaddy redsox victoria badboy angel
please fender chris jasper james slayer rabbit natasha rachel bigdick marine wizard marlboro raiders prince casper
fishing flower crystal jasmine panties iwantu adidas winner winter gandalf password1 enter ghbdtn 1q2w3e4r angela mike
golden lauren cocacola jordan23 winston madison angels blowme panther sexsex bigtits spanky bitch shannon sophie
johnson asdfasdf david horny thx1138 toyota tiger murphy dick canada danielle 12344321 blowjob 8675309 jonathan
liverpoo muffin cooper apples jackie dennis black qwerty123 passw0rd john abcd1234 sandra pokemon 123abc slipknot
carlos qazxsw 123456a scorpion qwaszx nathan butter startrek rainbow asdfghjkl razz redskins newyork gemini cameron
qazwsxedc florida liverpool turtle nicholas viking booger wilson sierra butthead doctor rocket 159357 victor dolphins
captain bandit jaguar packers pookie peaches 789456 asdf blue dolphin helpme tucker theman tiffany maxwell jeremy
qwertyui shithead debbie albert maddog lovers monica alex united giants nirvana metallic hotdog rosebud mountain
benjamin warrior stupid elephant suckit success bond007 jackass bonnie alexis porn lucky jason scorpio samson q1w2e3
rush2112 azerty freddy driver willie calvin 1q2w3e4r5t sydney gators dexter red123 12345a 123456q bubba creative golf
voodoo happy arthur trouble america nissan gunner rebecca stella garfield gordon jessie bullshit parker asdfghjk 5150
fucking apollo jack 1qazxsw2 2112 eminem december legend airborne beavis august bear apple brooklyn godzilla skippy
buddy 4815162342 qwert kitten magic shelby beaver phantom fred nothing asdasd williams xavier braves darkness blink182
travis copper tomcat platinum qweqwe girls 01012011 bigboy green power 102030 animal police 11223344 online voyager
lifehack 12qwaszx fish sniper 315475 trinity walter blazer heaven lover snowball playboy bubbles loveme hooters
cricket marvin willow donkey topgun nintendo saturn family november gabriel destiny pakistan pumpkin digital sergey
chance explorer redwings private therock runner tits 789456123 lasvegas guinness beatles fire cassie christin qwerty1
asdf1234 celtic broncos andrey 007007 babygirl nelson donald scott eclipse cartman fluffy louise michigan testing
carolina little samuel alexande birdie steve cherry pantera sharon gibson vampire mexico dickhead peter buffalo
montana genius beer flyers maximus school minecraft lovely stalker metallica doggie carter kristina kimberly spencer
speedy barbara snickers sabrina carmen marcus bronco yankee friends paradise lol123 dreams magnum horses cool caroline
147258369 lacrosse ou812 goober member qwertyu enigma scotty pimpin bollocks brian cock surfer sammy genesis poohbear
dave star asd123 qweasdzxc baby racing friend hello1 hawaii eagle1 billy viper october vanessa poopoo einstein boobies
stanley 12345q walker bitches paul drowssap stephen courtney simple alaska badger action jake bill denise jester
111222 spitfire drummer forest patricia maryjane champion diesel svetlana rock friday kevin mark gregory pamela frank
hotrod 147258 chevy anderson lucky1 douglas westside security google badass shorty tester thumper hitman mozart
general reddog boobs zaq12wsx music 010203 lizard alexander melanie a123456 ruslan 123456789a vincent eagle 1232323q
sweet teresa scarface 147852 qwerty12 a12345 marshall olivia veronica porno buddha spirit frankie money1 stargate
antonio liberty natalie mercury naruto qwe123 12345qwert suzuki semperfi king popcorn spooky marley system brittany
claudia kelly scotland free kitty cherokee vikings simpsons death leslie rascal qweasd jimmy loveyou hummer michael1
allison rocky patches russia adrian jupiter penguin cumshot howard passion honda vfhbyf andre vladimir franklin
sandman 123789 infinity homer bastard raider passport assman sucker fantasy bulldogs 1234554321 horney domino budlight
ironman disney norman usuckballz1 softball bishop francis brutus ford redrum brooke bigred jeffrey jesus fktrcfylh
karina marines kawasaki digger ireland oksana fireman cougar college shit alicia russell houston monday bradley cunt
sarah nigger justice super wildcats tinker duncan dancer logitech avalon swordfis everton reggie motorola alexandr
molly timothy hentai pussy1 claire patriots madonna colorado eugene ducati kermit juventus indian connor galore
freeuser smooth house titanic boogie simpson warcraft wolverin elizabet arizona saints valentin georgia asdfg test123
accord matt baxter denver mitchell christ password123 yfnfif slut smith stinky zachary roland naughty ncc1701d
spiderma chopper brenda hello123 extreme virginia water skyline poop zombie pearljam froggy pirate fylhtq vision
123qweasd awesome alyssa dreamer predator bullet empire wolf charlie1 kirill 123123a people penis elvis panthers
skipper nemesis peekaboo rasdzv3 simon alison rolltide american cardinal arnold chevelle daddy psycho happy1 danger
mookie wanker manutd 9379992 tommy hobbes vegeta goblue 852456 burton fyfcnfcbz picard 159951 bobby windows loverboy
lovelove vfrcbv victory 123654789 bambam turkey serega tweety hiphop galina changeme rooster polina berlin suckme
taurus electric ronald avatar 134679 mine raptor alpha1 maksim spring brazil eric bigcock newport hard kenneth hendrix
madmax england a1b2c3 alpha sublime britney france darkside bigman hercules lawrence wolfpack classic letmein1 lincoln
ronaldo 741852963 spiderman 1q2w3e blizzard cheyenne 123456789q wombat bubba1 tiger1 cjkysirj raymond brother kristen
pandora devils zxc123 simone holiday wildcat horse kramer 12312 147852369 buddy1 sterling caesar alabama carrie
bondage basketball sports pussycat pickle catch22 leather shaggy a1b2c3d4 chronic flowers qaz123 qqq111 robbie admin
gracie amber freepass airplane perfect kodiak billybob katana sunset crazy good stingray maria anna snowman phpbb
angel1 chocolat zeppelin garcia detroit wolves pontiac candy firebird vagina gundam panzer outlaw time pretty fisher
connie honey business trevor redhead hardon greenday tarheels 01011980 nastya hellfire cobra engineer dragon1 savage
service serenity sasha michele dude lickme fireball 1029384756 white remember darkstar miranda flash mustang1 01011
124578 harvey oscar strike freddie pavilion beauty bobafett 01012000 adam dbrnjhbz jeff bigmac chris1 duke clinton
bowling jenny natali future harrison jones wallace welcome1 swimming apache rulez pyramid dodgers girl whynot fuckit
defender teens morris trooper 135790 cancer precious packard lucifer popeye weasel 142536 raven icecream stewart
tanner swordfish blonde sandy presario rockstar viktor manager cheryl norton james1 control wutang airforce julian
atlanta pimp spike thailand looking casino 741852 21122112 paris mouse lennon 456123 bluebird theone hawkeye hacker
lisa dustin elaine nfnmzyf sailor catfish goldfish maxima tattoo barbie light design pervert machine herman wrangler
rocks trucks nipples roscoe tornado jerry lights bubble cadillac 666999 madman orlando pegasus target longhorn laura
philip browns eatme stefan cannon dilbert baller microsoft winnie christia katie qazwsx123 shooter xfiles qazqaz
lesbian street seattle corona amateur cthutq prelude 246810 beach malibu freaky assassin integra atlantis 123qweasdzxc
pussies dragons iloveu monkey1 unicorn lonewolf regina 753951 stealth kristin tony peewee openup bobcat stacey
software newton leonardo student srinivas angelina young enjoy valentina trigger zaqwsx lolita athena shotgun coyote
bruins veronika dollar country rocky1 joker babydoll lestat wordpass hottie smiley potter random sweety butterfly
woody chipper snake samurai video gizmo maddie devildog valerie mistress flipper freedom1 express powers soso123aljg
cessna teacher goldie moose polaris piglet cookies elena montreal hjvfirf ladies wolfgang fatboy scully father single
wicked daisy fetish foobar castle tickle bunny pepsi balls transam dfvgbh 31415926 oicu812 impala sunday booty
hotstuff ronnie jasmin ryan gambit toshiba basketba lancer birthday texas stephani jessica1 hooker knicks 314159
roberto stinger testtest fuckyou2 kathleen savannah shamrock benson squirt deftones trucker nick redneck goldberg
alfred blaster siemens shelly renegade manson subaru ibanez blondie hamilton casey swinger reaper cristina minnie
mylove harry galaxy lindsay dudley farmer gloria special blahblah enterpri 1234abcd travel babylon5 bigone sweetpea
sugar smoke skeeter fucked indiana great ficken trfnthbyf master1 freeman curtis smitty marino joanne bigfoot escort
babes check larisa trumpet tristan spartan babylon asdfghj sister valera stormy paladin andreas cavalier marathon
hamlet aardvark butterfl bigboobs mister manchester yankees1 rusty napoleon seven indigo hornet skater jerome pierre
wonder toronto rose indians karate buckeyes 01011990 julie hesoyam fredfred charger highland sweetie holland
1qaz2wsx3edc chiefs diamonds buckeye aurora hotsex campbell griffin brandi redman passwor chandler drpepper monika
maiden elizabeth leonard bernie brown pornstar garden storm autumn 12345678910 linda thuglife millie jungle pencil
tomtom insane pizza timber jesus1 sherlock mariah audrey david1 1a2b3c hamster aragorn pioneer techno catdog lollol
triumph sidney 141627 321654 fktrctq none sophia morpheus island wetpussy hobbit blabla erotic shadow1 aaron pascal
sampson consumer justme marion stones chrissy tyler nadine marie goforit burger pitbull kelsey adgjmptw spartak german
karen kissme hunting kaiser martha colors artist harold bass italia sammie barcelona mario nicolas virgin pebbles
sundance isabella overlord emerald callie doggy irina racecar isabelle germany 1478963 goddess change wesley nipple
basket joejoe holly poison zipper alpine shirley element huskers marcel eddie danny christy pussys sakura chichi
inside ultimate dirty nicola ncc1701e blackie q12345 omega watson rommel matthew1 geronimo nikki caserta trojan
123qwe123 philips sergio nugget sammy1 tarzan bassman warren trixie chicks aleksandr cream webster help sherry manuel
portugal dodger anakin bobbob bomber michel madness superfly q1w2e3r4t5y6 loser 123asd florence yvonne fatcat global
ybrbnf energy desire wrinkle1 soldier bianca sexual warlock martina babe 951753 11235813 51505150 andrei larry
seminole peace alejandr westham concrete access14 harris margaret hector christop naked ladybug letmein2 network
bernard weed tintin qazxswedc trombone chuck pleasure rhbcnbyf home history bluesky sherman logan january onelove
cotton christian cdtnkfyf sunny archie holden whore brianna vfvjxrf titans stallion lindsey singer truck smile party
missy hansolo angelo joanna natalia beagle phillip panama smiles blue22 juice qawsed inferno moon mongoose connect
kingkong snatch flatron sex4me bluemoon turbo rocker personal emily blessed snakes dominic joey forget finger beetle
jamaica alberto a1234567 mulder fuckyou1 jamie susan immortal head passat plastic 123454321 dietcoke spunky suck long
anthony1 whiskey monitor giovanni cactus ripper spyder markus planet magic1 teen patton exigen sticky waters sluts
nolimit daniela hollywoo abigail apple1 morrison katrina trunks 1234321 andy assass always diana deedee 14789632
clifford april speed japan mission pickles million sailing freak holmes bonehead fernando ghbdtnbr 112358 911911
charlott delta yomama darren rubber newman molly1 1123581321 faster cumming bertha memphis sylvia open ilovesex
maurice william1 hongkong olga jumper unreal geheim rodney nylons sebastia pentium legion shalom kennedy 555666 brooks
movie dodge dream graham sprite curious pacific loulou funtime philly ferret niners orion werewolf milton cantona
kingdom stars africa office boeing gilbert abgrtyu pirates super123 sheila french sweets cooldude palmer eternity
lollipop tottenha green1 stocking monique anything foster irish jackoff 7895123 biscuit drizzt camera columbia fossil
moomoo makaveli tracey colt45 robinson isabel martini salmon shasta jersey verbatim maniac snapper satan666 nasty
solomon patriot jacob standard shaved blackcat asdzxc punkrock raistlin infantry qwerty12345 4128 dillon gerald
twister ricardo waterloo cjkywt clayton crimson serena 01012010 oxford maxmax denis flight condor seinfeld silvia
biggie maxine musicman ravens teddy colleen bruce wolfman sharks megadeth cosmos velvet butt keeper foxtrot garrett
black1 damien anton sesame skywalke gn56gn56 banshee cats squirrel wolverine dogs sunrise rick ghost western grendel
sucks roxanne privet legolas frog felix marlin stone herbert lvbnhbq qazwsxed carrot blades frosty stardust 121314
helena brownie groovy penny butler coolio twilight daytona licker peanuts intrepid pikachu trains mollie vanhalen
jericho hershey strider lobster punisher grace bird zaq123 bottom ninja 1234567a murray kansas shogun goblin search
neptune ball showtime darwin amadeus suzanne fuckfuck seven7 jason1 111222333 oldman bruno showme henry getsome muscle
obiwan support rfrfirf skittles ekaterina gold whitney shark maestro anal danni tanker english tarheel fighter thanks
blue123 hannibal capital newlife anubis gothic chaos blues cindy sabine thunder1 roman preston princes brendan slick
123456z evelyn python test1 richie tequila boss cody devil chelsea1 clover delete mirage blood surfing 1q2w3e4r5t6y
bentley portland potato baggins review porter chubby panasonic sandiego sooners buffy buck tina derrick penelope
blackdog harmony fusion dima mature malcolm allen mary buttons 1a2b3c4d californ safety playtime dagger moscow swallow
warriors byteme stimpy gangster lucas christine turner iverson lester chargers liquid asdf123 mushroom cracker
dingdong lucky7 misty nymets 456852 robin bigguy mobile tazman greg nimrod newpass miami crusader bugger stranger
dkflbvbh anastasia marco volume masters monroe miguel doodle collins powder archer gotcha battle dublin slapshot
guardian 147896325 janice charly septembe photos knights woody1 short angelica nookie milano pepsi1 scarlett stuart
damian grizzly 123098 123321123 camille scruffy brasil latino kittycat poopie munchkin lorenzo rammstein 1701 1passwor
bananas barcelon santiago thegame robert1 hell world gerard picasso viper1 walnut kolobok blackman wisdom trance
starcraft parrot quality blade pink auburn goodluck eatshit dorothy dusty engine coltrane gorilla wheels katerina
tamara postal fuck_inside luther ranger1 pass123 carlo cassidy discover oakland andrew1 spanking osiris dumbass
shaney14 192837465 lonestar ping bridge bingo bender annie stonecol dookie meridian sally megaman heather1 25802580
racerx rjntyjr sirius firefly richard1 julia alexandra madrid terry griffey women phoebe zaq1xsw2 weezer beautiful
violet ledzep lowrider randy gangsta ghjcnj paradox tacobell 123698745 loving catalina vertigo halflife carson sergei
shiloh johnjohn sobaka buffett aliens sadie chucky bonjour kangaroo jazz josh thompson sinner socrates soccer1
keyboard 0.0.000 stevie 0007 jeep trebor finish dark luke sprint shazam lady national celica sarah1 scarlet formula1
hoover sommer frances hotboy cynthia qwerasdf 12369874 penguins bond formula rebels fuckface elwood melvin honda1
vacation kiss ragnarok bollox lexmark asshole1 mailcreated5240 lorraine 258456 claude rockon duck dodgeram tacoma
romeo wookie prodigy tempest vfhecz flames sebastian colombia bang kitkat oblivion mystery sithlord server molson
mustangs incubus smoker 123qaz window scoobydo 1122 rescue bigballs zxcv1234 carpet titleist richmond director lawyer
megan juan magnolia celeste melinda lucy wright jimbob golfing kenny roger bobbie xanadu tardis blueeyes hearts dixie
pussy69 pooper shaman mersedes 102938 12312312 springer imagine janine patrick1 kenwood 123zxc dogg garbage martinez
topper cowboys1 roberts lizzie ashton elliott oracle sheena chloe nuttertools mallard 123987 1122334455 analsex
shemale gateway1 mikey asterix faith monkeys imperial jimbo cooler grateful gillian peterpan kingston yourmom sleepy
gremlin printer hudson pa55word stud freckles birdman frank1 aussie esther defiant margarita 445566 deadhead polo
anime tatyana jackal frogger bridget wayne research tobias mariners rootbeer blondes donnie katrin weather aspirine
frederic parola photo children account israel stephanie shaolin noodles celine willy willis forgot scooter1 hallo
mandy thomas1 11112222 rogers palace santos ohyeah magnus laurie creampie amazon kisses queen ludwig fatass plymouth
justdoit assfuck nellie 1234567q 12121 987456 6751520 putter broken nopass letsgo bryan bones harley1 tatiana camel
champs lightnin massive camelot bosco deanna gizmodo spidey caliente aezakmi 456654 goodtime mypass roller catherin
active pooh payton lonely redalert brucelee smokin porkchop astros aquarius raiders1 thankyou kevin1 atomic fletcher
shopping a1s2d3f4 mason rusty1 marian vanilla hunter1 unknown sapphire temple qwert123 marvel beckham qazwsxedcrfv
kaktus 753159 myself sooner blacky elvis1 hastings buster1 power1 blackjac aggies scream picture 123321q abc12 judith
iforgot kasper cxfcnmt bangkok 01012001 shitty spectrum eduard vader jammer painter primus veritas ernest kristi
chevrole amber1 amsterdam slappy valley 1221 horny1 pete hitler clancy spankme granny avenger satan sasha1 usa123
diamond1 rosemary husker candyman beatrice scrappy john316 simba falcons dylan front242 harder atlantic labrador
123456qwerty smudge syracuse southern melody timmy elijah center darling throat stuff fatman krishna sanchez pancho
gator pacman commando delta1 vulcan bush clitoris lemons alice 8j4ye3uz boner keith odessa barkley monopoly method
kelley sara punkin pineappl celtics lesbians 223344 space gangbang bennett area51 lick flyboy hamburg aaa111 asian
carol spartans tricky romashka 123456aa snuggles phoenix1 boat infiniti anders billie life homer1 drago blake hermes
jesse goose jeremiah vivian annette homerun dead forrest carolyn 1234567890q topcat hayden cosworth vectra grover
goodbye charlotte cuddles bossman horndog doberman gary telefon dawg qawsedrf ivanov durango peugeot killer1 franco
kyle plumber bell rbhbkk pauline exigent brandon1 laguna emmanuel webmaster bowler leopard strong theking redbull alan
pics beast viktoria porsche9 breeze topdog starbuck omega1 dance dalton fuckers oscar1 hungry beefcake reality gjkbyf
speaker shelley godsmack clarence writer loveit kingpin nokia valhalla night starfish anarchy herbie blacks content
906090 sailboat desert fitness brando bohica achilles tractor jordan1 ncc1701a drake bull hidden kicker arsenal1
labtec napass bart pa55w0rd amelia tuesday frontier swingers jimmy1 caitlin muppet terror legacy farside terminator
bella matilda kentucky jackson1 doughboy ramona butthole phillies jrcfyf 789654 camels dannyboy oakley daniel1
nebraska latin double qwertyuio sabbath chang pinkfloy homers striker looker fallen maryland luckydog azamat september
iguana oklahoma moloko qwerty123456 agent007 vfrcbvrf javier vette daniil command rhonda studio pistol miles skiing
franky stoner conrad select tanya houses boris puppy elliot charmed vladik nathalie whocares 666777 maynard vkontakte
ihateyou puppies zidane eileen dilligaf crash mandingo moneys tyrone funny nevada kotenok mystic california 123457
budman church carlton rafael technics bone stick golfball rookie panda laptop today 01011991 jennie triton river
trojans bunghole zvezda 132435 15426378 hurrican central stripper dale filter jethro snow gustav ivan escape gizmo1
hawk igor aberdeen shane lespaul rfnthbyf enterprise butch dthjybrf 963852 1366613 cutter splash handsome oilers
randall cash nofear cupcake excalibu batman1 momoney gbpltw bigger belinda svetik possum metal moocow brothers bethany
keystone babyboy flamingo super1 firefox bogdan ccbill passwort soleil lancelot melissa1 vipers marilyn tdutybq juliet
leader madden russian australia sabina chase coolman babies skinny zaphod raven1 kamikaze verona bacon noodle rebel
doobie designer deadman attack vortex killme dogman pokemon1 gopher somethin danila 12332 reagan apollo13 chevy1
cancel torres 000007 freaks azsxdc sassy donna dracula play poncho bearbear boots engage steve1 deskjet bradford
bitch1 hammers deeznuts warhammer rangers1 tight justine ralph fabian lewis casey1 summer1 blueblue marissa oregon
bubbas sinatra hilton meatball mailman dawson columbus manchest cthulhu macdaddy mighty michaela grandma ready sterlin
cartoon summit 123456789z sentinel tolkien bicycle peter1 blow beverly breast lickit kathy crazy1 meghan universe
capone jenna julius wendy bryant truelove helen 123456k nancy eatpussy hailey kitty1 daisy1 chair 362436 bowser
kathryn sexygirl fernand eleven rockets billyboy military demon davis jamesbon iloveyo texas1 traffic saint daddy1
redhot microsof sonic miracle microlab gofish pantyhos pilot lifetime rugby mayday aikido nina star69 01011985 conner
cutlass tree thekid gordon24 theodore titties sweden function polska danie gang 73501505 market scotch lansing elvira
bloody sexx hustler anfield coke smut catman rush bonita tracy sony fast 1234qwe 1225 passwor1 irish1 cheers tinman
airbus peters china azsxdcfv santana hayley station gabrie scottie orioles jenny1 01011970 charlton saun fortuna
dfkthbz rustam warlord retard fatima ultima kong bigmoney 4runner rotten betty grumpy oranges kelly1 superstar
fordf150 asdfjkl boxing xtreme denali selena zxcasd huskies 128500 terminal wilbur kristy wildfire vladislav bikini
thor hollywood mayhem sultan gretchen figaro sixers sparta saratoga 321654987 running 01011981 cloud9 music1 models
mojo greenbay cancun marlene trinidad tammy chewie hope number1 billy1 feet crunch bigbird mellon chicken1 bigtime
fashion piccolo fabie 789123 rjirfrgbde rovers meatloaf hyperion sandro rightnow jarhead armani treasure miriam hansen
natural 01011986 lisalisa sport bizkit chester1 jasmine1 maradona 1066 sayang charli rfhbyf utopia anaconda japanese
camilla coconut govols emerson memory catherine jedi cosmo cruise giant ricky dragoon woofwoof giorgi packer pass1234
poontang emily1 illini christopher davids zaqxsw sandy1 pedro sticks revenge exodus reebok chanel albatros cabbage
goku wally beaner quincy greens tomato toby chief richards turkey50 adriana kenworth happy123 deborah down cooter
dinosaur holyshit eeyore movies dana lionking creamy adult poodle tsunami happyday 321123 knopka tommy1 bogart corrado
volley tyler1 chickens orgasm whisper flying first chocolate walleye hopper katie1 sean twisted chaser pepper1 memorex
ericsson 1001 100000 jensen positive crazybab science frisco dong jose zorro romance sherwood shania rereirf sausage
milana tasha vfvekz profit zenith fugazi junebug clemson polniypizdec0211 tootsie fktrcfylhf comics zxcasdqwe vfczyz
150781 werner aspire hardrock condom cocks rachael gringo anhyeuem madeline rich becky canon february alien abc12345
harper justin1 stocks marcos samsung1 clapton roberta coleman applepie skywalker fubar theresa koshka tundra vitalik
arjay gmoney bigsexy ingrid pillow gandalf1 lucky13 fingers samiam dean davidson skorpion candle nobody hellyeah
better australi drew rockhard boob easy bears sparkle johanna everest rfrnec hedgehog 13243546 wolfie surf bobby1 fart
yosemite marisa voyeur baddog brad jazzman dicks tool temp cheetah 1qa2ws3ed slacker steele mikemike wood pooppoop
america1 barsik valeria deniska br0d3r fright karolina kirsten vfksirf kume kenshin bootie cyclone starship monty
balloon maxell dildo rupert 0.0.0.000 milena bonsai lion salvador greatone vernon 50cent slider lillian admiral
cecilia stolen albion boys midget fuckin freeporn nikola amanda1 hithere football1 222333 78945612 damnit dinamo
francois cheng calico duchess scratch powell packers1 stefano fortune nyjets artemis robotech roadkill backdoor
rastaman fiesta felicia alliance fletch jerkoff killbill goliath cinnamon rambler malaka tekken sojdlg123aljg 321456
18436572 963852741 carrera bangbang jeanette marc fritz ramses operator shado duster spank wibble alibaba mechanic
keywest sword amsterda hal9000 bristol pingpong rasputin marianne hooter tara rctybz sanders faggot krista presto
majestic 332211 nguyen fowler passwords buttman snake1 spurs carl pompey trident viagra qwert1 brian1 kipper kingfish
zxcvbnm1 gotohell angie guest garage heidi mattie slutty isaiah steeler wrestlin pooter divine emma route66 clipper
charley macross railroad lineage2 oleg 420247 seamus swimmer ne1469 jokers thursday chico a123456789 solnce erik
kimber guiness pussie mathew nature matador sparks typhoon hank secret1 retired subway slave ivanova ghetto florian
love69 vermont tang ktyjxrf lolipop moose1 spears yzerman peterson magick phillips cinder nwo4life flash1 shearer
pupsik charles1 dfkthf allsop 162534 456321 000001 city qwer123 grapes 123123q pippen belle chad venus kcj9wx5n sex123
dammit barry caveman critter underdog r2d2c3po skydive renault onlyme george1 murder snoopdog jayhawk hotshot caramel
broadway kinky theboss fuckher train trout ding umbrella feather credit splinter depeche seeker fuckthis respect
crysis direct animals chemical cyclops 1000 122333 135246 789987 123789456 chivas jamesbond blackhaw passpass sinclair
team megapass beanie translator helloo magicman cunts phil fishes supersta giuseppe caligula kill shannon1 juggalo
frozen quattro usmc meredith java wassup rosie bullseye saturday pornos cohiba ashley1 floppy alucard deacon heart
tabitha kristine nicole1 tunafish great1 gfhjkm123 dallas1 xbox360 dkflbckfd kickass p0015123 10203 200000 7753191
12131415 vietnam kendall pearl safari gonzo crawford bob123 klingon jacob1 rain looser goalie damage maureen west dawn
tazmania cigars facial cobra1 deepthroat malina silence samara dfktynbyf fang cruiser vector tommyboy jean banker
horizon chainsaw button bigbear forfun abraham 123456r astrid carole andres sharky enter1 vh5150 royals christina
small misfit work yousuck louis fallout marino13 scania maxx nudist getmoney budweise qazwsx12 song believe brighton
absolut kungfu kostya monaco death1 gunners vfhufhbnf mamapapa 1230 minime blueboy penthous chrisbln steph whitey
europa jade bertie daphne groucho champ benny grant mirror village trader stroke walrus susanne number sabres nipper
woman floyd snowboar undertaker flounder moneyman patty bottle love123 kahuna canadian wolf359 viewsonic coolguy rules
downtown wagner strange fabric trisha italian ybrjkfq cypress 01011989 qwerty1234 eastside sneakers passme topher
taylor1 golfgolf barber sinbad frodo panasoni craig alfa mybaby skidoo chicago1 massimo back jillian cat123 q123456
sparrow senior dalejr thecat fucku2 snapple mondeo leanne emmitt thanatos z1x2c3 ghjcnjnfr maximum smegma thesims
whitesox chong 778899 2128506 bonkers poseidon musica doug johannes gargoyle 0420 olivier hambone bluedog intruder
sunnyday cyber compute kids smelly spawn wapbbs answer studly poppy paper ferrari1 simona solution madison1 newcastl
adonis goodman sexxxx europe goldstar again quantum buckshot static turbo1 dollars 01011988 titanium holly1 erica
danzig sadie1 jabroni library journey beastie chrono dang 1024 555777 edwards jane test1234 gunnar federico korn
custom lance 1qwerty assholes daewoo jess briana watcher superman1 albina sunflowe dorian babyblue premier staples
nike stereo westwood apple123 mouse1 usnavy boomboom fresh florida1 sasuke dharma pisces motherlode multiplelo hang
bike sapper scanner marius zeus racer callaway user bayern rover lamont rivers snoop over walmart micheal starfire
theend steel tigger1 erotica aaliyah doogie renee paintbal winston1 sexy69 paint 123qwerty tyson joshua1 newbie
knickers lokomotiv 112211 192837 hotred ufkbyf panther1 dodge1 laurel shawn 12345z wasser scott1 jessic thirteen
rjycnfynby avalanch outkast truman magpie scout philippe poetry martin1 havefun michell cubbies losers hotpussy deejay
fghtkm droopy blossom 333666 777888 allmine 01011984 zerocool janet tomorrow godfather abby greece second reading
greene sascha busted ming bimmer original cbr600 ocean anne builder demons nitram pudding bounce donuts 01011987 fucku
newyork1 jeanne idontknow audia4 aleksey vfvfgfgf leonid smokes mylife beerbeer sims redfish harry1 working rodman
beaches 1x2zkg8w hairy contact start luis bogey prissy 123456s gegcbr tights insert carla dante beretta francesc
jewels searay padres celeron mittens quartz ziggy diehard micron syncmaster cornell christie stunner hockey1 simon1
rtyuehe hoosier zxasqw12 peyton cheese1 orange1 paintball bing 4121 monalisa queens terrapin a1s2d3 spongebob buzz
attitude backup whisky clevelan ling cedric marin barefoot artur chuckles barrett meathead bigass ou8122 titty spike1
gretzky 02071986 kosmos cfitymrf biggles cambiami sexy1 12345678q 03082006 thongs blessing what aleksandra ginger1
twinkle gladiator gollum southpark
`;

const additions = `
654321 121212 1111 555555 777777 aaaaaa 987654321 222222 88888888 11111 xxxxxx 123123123 987654 999999 0000 333333
232323 888888 87654321 55555 1990 101010 1991 12341234 1992 1212 zzzzzz 444444 xxxxxxxx 7777 1111111 212121 1989 4444
69696969 2222 252525 1993 1988 qqqqqq abcdef 00000 1313 12121212 zaq1zaq1 1qaz1qaz password12 password1234 passw0rd1
p@ssw0rd p@ssword passwort1 pass12345 mypassword secret123 admin1 admin123 admin1234 admin12345 administrator
adminadmin root toor root123 user123 guest123 login login123 welcome123 welcome2024 welcome2025 welcome2026 letmein123
changeme1 changeme123 default default1 temp123 temppass test12345 demo demo123 qwertyuiop1 qwertz qwertz123 qwertzuiop
azerty1 azerty12 azerty123 azerty1234 azertyuiop azertyuiop1 azertyu aqwzsx aqwzsxedc wxcvbn wxcvbn123 azertyui
azer1234 azer123 123azerty 1234azerty motdepasse motdepasse1 motdepasse123 mot2passe mdp123 mdp1234 monmotdepasse
bonjour1 bonjour123 bonjour2024 salut salut123 soleil1 soleil123 doudou doudou123 chouchou chouchou1 loulou123
nounours nounours1 jetaime jetaime1 jetaime123 jetaimeplus amour amour123 amoureux cheri cherie coucou coucou123
marseille marseille13 paris123 parisien lyon lyon69 toulouse bordeaux nantes lille france123 vivelafrance psg psg123
allezlom om13 olympique foot123 footballeur camille1 nicolas1 julien julien1 thomas123 alexandre antoine maxime
quentin guillaume sebastien romain laura123 marie123 julie123 manon emma123 chloe123 sarah123 lucas123 hugo hugo123
enzo leo louise1 jules sandrine aurelie virginie christophe laurent patrice sophie1 princesse princesse1 bisous bisou
bisounours chaton chaton1 chocolat1 nutella nutella123 fromage baguette croissant vacances vacances2024 doudoune
poussin papillon papillon1 licorne titi toto toto123 tata tutu kiki lolo lolo123 nana nini mimi pupuce minou minouche
cacahuete cookie1 caramel1 vanille fraise framboise cerise pomme banane citron tigrou tigrou1 naruto123 dragonball
onepiece zelda mario123 luigi yoshi starwars1 vador darkvador harrypotter hogwarts gryffondor hermione voldemort
batman123 spiderman1 hulk avengers deadpool captainamerica loki catwoman wonderwoman matrix1 neo rambo shrek futurama
cartman1 friends1 rachel1 monica1 ross 12345678a 123456ab a12345678 aa123456 ab123456 abc123456 abcd123 abcde12345
abcdefg abcdefgh abcdefghi abc123abc qwe12345 qweasd123 asdasd123 asdqwe123 zxcvbnm123 1234asdf 1234abcd! qwertasdfg
1qazzaq1 1qaz!qaz 2wsx3edc 3edc4rfv !qaz2wsx !qaz@wsx 1q2w3e4r! qwerty! qwerty!@# password! password!@# p@ssword1
p@ssw0rd1 p@55w0rd passwordpassword 11111111111 111111111 1111111111 000000000 0000000000 00000000 12341234a
123412341234 123123qwe 1234512345 123456123456 123456789012 1234567891 12345654321 0123456789 012345 0987654321
9876543210 987654321a 159753456 159357456 258369 369258147 456789 789789 147147 159159 258258 321321 456456 852852
963963 13579 24680 98765432 55555555 66666666 77777777 99999999 22222222 33333333 44444444 12121212a 13131313 14141414
10101010 20202020 11221122 12211221 3141592653 1z2x3c4v abc123456789 aaaaaaaa aaaaaaaaa abababab asdfasdf1 asdfghjkl1
asdfghjkl; asdfjkl; qazwsxedc123 1qazxsw23edc zxcvbnm, mnbvcxz poiuytreza poiuytrewq lkjhgfdsa ytrewq iloveyou1
iloveyou2 iloveyou123 ilovegod ilovemymom imissyou loveyou1 lovely1 loveme1 sweetheart honey123 babygirl1 baby123
angel123 princess1 princess123 prince1 sunshine1 sunflower butterfly1 flower1 rainbow1 moonlight starlight shadow123
dragon123 monkey123 tiger123 falcon1 jaguar1 puma dolphin1 whale turtle1 kitty123 hellokitty puppy1 doggy1 charlie123
max123 bailey1 bella123 lucky123 luckyone sophie123 chloe1 zoey jake123 bear1 teddybear snoopy1 scooby1 scoobydoo
garfield1 mickey1 mickeymouse donald1 goofy pluto winniethepooh football12 football123 baseball1 soccer12 golf123
tennis1 volleyball warrior1 gladiator1 legend1 legends hero superhero champions winner1 master123 masterkey mastermind
boss123 bigboss captain1 commander army navy marine1 sniper1 killer123 hunter2 hunter123 destroyer slayer1 phantom1
ghost123 666666666 heaven1 angel7 jesuschrist god godislove bible amen trinity1 michael123 daniel123 david123
jordan123 jordan12 michaeljordan kobe24 lebron23 messi messi10 ronaldo7 cr7 neymar mbappe zizou rooney liverpool1
manchesterunited barca realmadrid milan acmilan inter dortmund celtic1 redsox1 lakers1 steelers1 eagles1 broncos1
giants1 dolphins1 london1 paris1 tokyo canada1 argentina india123 pakistan1 spain italy belgique belgium suisse
switzerland nederland summer123 summer2020 summer2021 summer2022 summer2023 summer2024 summer2025 winter1 winter123
winter2024 winter2025 march may june july august1 november1 december1 weekend christmas xmas newyear smile123 fun123
cool123 awesome1 amazing nice123 sexy123 2000 2001 2002 2003 2004 2005 2006 2007 2008 2009 2010 2011 2012 2013 2014
2015 2016 2017 2018 2019 2020 2021 2022 2023 2024 2025 2026 1980 1981 1982 1983 1984 1985 1986 1987 1994 1995 1996
1997 1998 1999 19801980 19851985 19901990 20002000 20202020a computer1 internet1 google123 facebook facebook1 youtube
twitter instagram snapchat tiktok whatsapp windows7 windows10 linux ubuntu iphone iphone123 android playstation xbox
nintendo1 gameboy minecraft1 fortnite roblox pokemongo diablo3 halo call0fduty counterstrike steam gamer gamer123
gaming hacker123 matrix123 system1 security1 firewall database mysql sql javascript php html coding coder developer
programmer admin2024 admin2025 guichet guichet123 guichet2024 guichet2025 guichet2026 billetterie billet billets
ticket tickets ticketing evenement evenements festival concert spectacle theatre company company123 office123 work123
job money123 euro bitcoin crypto success1 peace1 love1234 lovelove1 foreverlove forever1 together family1 family123
mother1 mommy mama papa maman papa123 maman123 school1 university math physics chemistry biology music123 guitar1
piano drums rocknroll punk rapper eminem1 tupac beyonce rihanna michaeljackson beatles1 queen1 nirvana1 metallica1
ac/dc acdc linkinpark coldplay u2 abba pinkfloyd ledzeppelin rollingstones oasis radiohead muse daftpunk indochine
johnny1 hallyday stromae orelsan booba jul sch nekfeu pnl angele aya zaz edith piaf coffee1 coffee123 tea chocolate1
honey1 pizza123 pasta sushi tacos steak banana1 strawberry cherry1 peach mango lemon lime cherry123 blueberry
blackberry pineapple watermelon red blue1 yellow1 purple1 silver1 golden1 crystal1 ruby onyx platinum1 iron copper1
lightning hurricane snowflake ice fire1 flame blaze sea lake sun earth mars saturn1 pluto1 rocket1 nasa apollo11
voyager1 startrek1 spock kirk yoda chewbacca leia r2d2 c3po lukeskywalker sith lightsaber force jedi123 sauron mordor
narnia dumbledore snape hagrid weasley dobby quidditch hufflepuff slytherin ravenclaw muggle wizard1 witch merlin1
excalibur dragon12 mermaid fairy pixie elf dwarf troll orc zombies monster1 predator1 ghostbusters batmobile gotham
joker1 harleyquinn superman123 krypton clarkkent spiderman123 peterparker ironman1 tonystark hulk123 thor123 asgard
avengers1 blackwidow captain123 shield xmen wolverine1 magneto storm1 deadpool1 venom carnage thanos gamora groot
rocket123 starlord
`;

export const commonPasswords: ReadonlySet<string> = new Set(`${ranked} ${additions}`.split(/\s+/).filter(Boolean));

/** Compared lower-cased: "Password1" is as weak as "password1". */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.normalize("NFKC").toLowerCase());
}
