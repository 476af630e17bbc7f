/**
 * About a thousand of the passwords found most often in public breach corpora (global top lists plus common French
 * ones), lower-cased. Short ones are refused by the length rule anyway; they stay so the list keeps its meaning if the
 * minimum ever changes.
 */
const list = `
123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123 football monkey
letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael 654321 superman 1qaz2wsx 7777777
121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm asdfgh hunter buster soccer harley batman andrew
tigger sunshine iloveyou charlie robert thomas hockey ranger daniel starwars klaster 112233 george computer michelle
jessica pepper 1111 zxcvbn 555555 11111111 131313 freedom 777777 pass maggie 159753 aaaaaa ginger princess joshua
cheese amanda summer love ashley 6969 nicole chelsea biteme matthew access yankees 987654321 dallas austin thunder
taylor matrix william corvette hello martin heather secret merlin diamond 1234qwer gfhjkm hammer silver 222222
88888888 anthony justin test bailey q1w2e3r4t5 patrick internet scooter orange 11111 golfer cookie richard samantha
bigdog guitar jackson whatever mickey chicken sparky snoopy maverick phoenix camaro peanut morgan welcome falcon
cowboy ferrari samsung andrea smokey steelers joseph mercedes dakota arsenal eagles melissa boomer booboo spider
nascar monster tigers yellow xxxxxx 123123123 gateway marina diablo bulldog qwer1234 compaq purple hardcore banana
junior hannah 123654 porsche lakers iceman money cowboys 987654 london tennis 999999 ncc1701 coffee scooby 0000
miller boston q1w2e3r4 brandon yamaha chester mother forever johnny edward 333333 oliver redsox player nikita knight
fender barney midnight please brandy chicago badboy slayer rangers charles angel flower bigdaddy rabbit wizard
jasper enter rachel chris steven winner adidas victoria natasha 1q2w3e4r jasmine winter prince marine ghbdtn fishing
cocacola casper james 232323 raiders 888888 marlboro gandalf asdfasdf crystal 87654321 12344321 golden panther
lauren angela spanky thx1138 angels madison winston shannon mike toyota jordan23 canada sophie apples tiger razz
123abc pokemon qazxsw 55555 qwaszx muffin johnson murphy cooper jonathan liverpoo david danielle 159357 jackie 1990
123456a 789456 turtle abcd1234 scorpion qazwsxedc 101010 butter carlos password1 dennis slipknot qwerty123 booger
asdf 1991 black startrek 12341234 cameron newyork rainbow nathan john 1992 rocket viking redskins asdfghjkl 1212
sierra peaches gemini doctor wilson sandra helpme qwertyui victor florida dolphin pookie captain tucker blue liverpool
theman bandit dolphins maddog packers jaguar lovers nicholas united tiffany maxwell zzzzzz nirvana jeremy monica
elephant giants hotdog rosebud success debbie mountain 444444 xxxxxxxx warrior 1q2w3e4r5t q1w2e3 123456q albert
metallic lucky azerty 7777 alex bond007 alexis 1111111 samson 5150 willie scorpio bonnie gators benjamin voodoo
driver dexter 2112 jason calvin freddy 212121 creative 12345a sydney rush2112 1989 asdfghjk red123 bubba 4815162342
passw0rd trouble gunner happy gordon legend jessie stella qwert eminem arthur apple nissan bear america 1qazxsw2
nothing parker 4444 rebecca qweqwe garfield 01012011 beavis 69696969 jack asdasd december 2222 102030 252525
11223344 magic apollo skippy 315475 kitten golf copper braves shelby godzilla beaver fred tomcat august buddy
airborne 1993 1988 lifehack qqqqqq brooklyn animal platinum phantom online xavier darkness blink182 power fish green
789456123 voyager police travis 12qwaszx heaven snowball lover abcdef 00000 pakistan 007007 walter playboy blazer
cricket sniper donkey willow loveme saturn therock redwings bigboy pumpkin trinity williams nintendo digital destiny
topgun runner marvin guinness chance bubbles testing fire november minecraft asdf1234 lasvegas sergey broncos
cartman private celtic birdie little cassie babygirl donald beatles 1313 family 12121212 school louise gabriel
eclipse fluffy 147258369 lol123 explorer beer nelson flyers spencer scott lovely gibson doggie cherry andrey snickers
buffalo pantera metallica member carter qwertyu peter alexande 1qaz2wsx3edc zaq12wsx zaq1zaq1 zaq1xsw2 1qaz1qaz
password123 password12 password1234 passw0rd1 p@ssw0rd p@ssword pa55word pa55w0rd passwort passwort1 pass123
pass1234 pass12345 mypassword mypass secret123 admin admin1 admin123 admin1234 admin12345 administrator adminadmin
root toor root123 user user123 guest guest123 login login123 welcome1 welcome123 welcome2024 welcome2025
welcome2026 letmein1 letmein123 changeme changeme1 changeme123 default default1 temp temp123 temppass test123
test1234 test12345 testtest tester demo demo123 qwerty1 qwerty12 qwerty1234 qwerty12345 qwertyuiop1 qwertz
qwertz123 qwertzuiop 1qwerty azerty1 azerty12 azerty123 azerty1234 azertyuiop azertyuiop1 azertyu aqwzsx
aqwzsxedc wxcvbn wxcvbn123 azertyui azer1234 azer123 123azerty 1234azerty motdepasse motdepasse1 motdepasse123
mot2passe mdp123 mdp1234 monmotdepasse bonjour bonjour1 bonjour123 bonjour2024 salut salut123 soleil soleil1
soleil123 doudou doudou123 chouchou chouchou1 loulou loulou123 nounours nounours1 jetaime jetaime1 jetaime123
jetaimeplus amour amour123 amoureux cheri cherie coucou coucou123 marseille marseille13 paris paris123 parisien
lyon lyon69 toulouse bordeaux nantes lille france france123 vivelafrance psg psg123 allezlom om13 olympique
football1 foot123 footballeur camille camille1 nicolas nicolas1 julien julien1 thomas1 thomas123 pierre alexandre
antoine maxime quentin guillaume sebastien romain laura laura123 marie marie123 julie julie123 manon emma emma123
chloe chloe123 sarah sarah123 lucas lucas123 hugo hugo123 enzo leo louis louise1 jules nathalie isabelle sandrine
celine stephanie aurelie virginie christophe frederic philippe laurent olivier vincent patrice catherine sophie1
princesse princesse1 bisous bisou bisounours chaton chaton1 chocolat chocolat1 nutella nutella123 fromage
baguette croissant vacances vacances2024 doudoune poussin papillon papillon1 licorne titi toto toto123 tata tutu
kiki lolo lolo123 nana nini mimi pupuce minou minouche cacahuete cookie1 caramel caramel1 vanille fraise framboise
cerise pomme banane orange1 citron tigrou tigrou1 pikachu pokemon1 naruto naruto123 sasuke goku dragonball
onepiece zelda mario mario123 luigi sonic yoshi starwars1 jedi skywalker vador darkvador harrypotter hogwarts
gryffondor hermione voldemort frodo gollum batman1 batman123 superman1 spiderman spiderman1 ironman hulk avengers
marvel deadpool wolverine captainamerica thor loki joker catwoman wonderwoman flash1 matrix1 neo morpheus
terminator rambo rocky titanic avatar gladiator shrek simpson homer bart lisa futurama southpark cartman1 kenny
friends1 chandler rachel1 monica1 phoebe joey ross 123456789a 123456789q 12345678a 1234567a 123456aa 123456ab
a123456 a1234567 a12345678 a123456789 aa123456 ab123456 abc12345 abc123456 abcd123 abcde12345 abcdefg abcdefgh
abcdefghi abc123abc qwe123 qwe12345 qweasd qweasdzxc qweasd123 asd123 asdasd123 asdqwe123 zxc123 zxcasdqwe
zxcvbnm1 zxcvbnm123 1234asdf 1234abcd 1234abcd! 1q2w3e 1q2w3e4r5t6y 1qa2ws3ed q1w2e3r4t5y6 qwerasdf qwertasdfg
1qazzaq1 1qaz!qaz 2wsx3edc 3edc4rfv !qaz2wsx !qaz@wsx 1q2w3e4r! qwerty! qwerty!@# password! password!@# p@ssword1
p@ssw0rd1 p@55w0rd passwordpassword 11111111111 111111111 1111111111 000000000 0000000000 00000000 12341234a
123412341234 123123a 123123qwe 123qweasd 123qweasdzxc 1234512345 123456123456 1234554321 12345678910 123456789012
1234567891 12345654321 123454321 1234321 0123456789 012345 0987654321 9876543210 987654321a 741852963 963852741
147852369 159753456 159357456 123698745 147258 258369 369258147 321654987 456789 456123 789789 789123 147147
159159 258258 321321 456456 852852 963963 135790 246810 13579 24680 98765432 55555555 66666666 77777777 99999999
22222222 33333333 44444444 12121212a 12qwaszx 13131313 14141414 10101010 20202020 11112222 11221122 12211221
11235813 31415926 3141592653 1a2b3c4d 1a2b3c 1z2x3c4v a1b2c3d4 a1b2c3 abc123456789 aaaaaaaa aaaaaaaaa abababab
asdfasdf1 asdfghjkl1 asdfghjkl; asdfjkl; qazwsx123 qazwsxedc123 qazwsxedcrfv 1qazxsw23edc zxcvbnm, mnbvcxz poiuytreza
poiuytrewq lkjhgfdsa ytrewq iloveyou1 iloveyou2 iloveyou123 iloveu ilovegod ilovemymom imissyou loveyou loveyou1
lovelove lovely1 loveme1 mylove mybaby sweetheart sweety sweetie honey honey123 babygirl1 babyboy baby123 angel1
angel123 angelina princess1 princess123 prince1 queen king kingkong superstar rockstar sunshine1 sunflower
butterfly butterfly1 flower1 flowers rainbow1 moonlight starlight stardust shadow1 shadow123 dragon1 dragon123
dragons monkey1 monkey123 tiger1 tiger123 lion lionking panther1 wolf wolfpack eagle eagle1 falcon1 hawk
cheetah jaguar1 leopard puma dolphin1 shark whale turtle1 penguin kitty kitty123 kitkat hellokitty puppy puppy1
doggy doggy1 charlie1 charlie123 buster1 max123 maximus bailey1 bella bella123 lucky1 lucky123 lucky7 luckyone
molly daisy sadie sophie123 chloe1 zoey jake jake123 rocky1 duke bear1 teddy teddybear snoopy1 scooby1
scoobydoo garfield1 tweety mickey1 mickeymouse minnie disney donald1 goofy pluto pooh winnie winniethepooh tigger1
football12 football123 baseball1 basketball soccer1 soccer12 hockey1 golf123 tennis1 volleyball rugby boxing
karate ninja samurai warrior1 gladiator1 spartan legend1 legends hero superhero champion champions winner1
victory master1 master123 masterkey mastermind boss boss123 bigboss chief captain1 commander general soldier army
navy marine1 sniper1 killer1 killer123 hunter1 hunter2 hunter123 predator destroyer slayer1 assassin phantom1
ghost ghost123 demon devil satan 666666666 hell heaven1 angel7 jesus jesus1 jesuschrist christ god godislove
blessed faith hope grace church bible amen trinity1 matthew1 michael1 michael123 daniel1 daniel123 david1
david123 robert1 james1 john316 jordan1 jordan123 jordan12 michaeljordan kobe24 lebron23 messi messi10 ronaldo
ronaldo7 cr7 neymar mbappe zidane zizou henry beckham rooney liverpool1 chelsea1 arsenal1 manutd manchester
manchesterunited barcelona barca realmadrid madrid juventus milan acmilan inter bayern dortmund celtic1 rangers1
yankees1 redsox1 lakers1 cowboys1 steelers1 packers1 eagles1 patriots broncos1 raiders1 giants1 bears dolphins1
chicago1 newyork1 london1 paris1 berlin tokyo america1 canada1 mexico brazil brasil argentina germany england
scotland ireland australia india123 pakistan1 china russia spain italia italy portugal belgique belgium suisse
switzerland holland nederland africa summer1 summer123 summer2020 summer2021 summer2022 summer2023 summer2024
summer2025 winter1 winter123 winter2024 winter2025 spring autumn january february march april may june july
august1 september october november1 december1 monday tuesday friday sunday weekend holiday christmas xmas
newyear birthday happy1 happy123 happyday smile smile123 funny fun123 crazy crazy1 cool cool123 cooldude
coolguy awesome awesome1 amazing perfect nice123 sexy123 sexygirl hottie hotstuff 2000 2001 2002 2003 2004 2005
2006 2007 2008 2009 2010 2011 2012 2013 2014 2015 2016 2017 2018 2019 2020 2021 2022 2023 2024 2025 2026 1980 1981
1982 1983 1984 1985 1986 1987 1994 1995 1996 1997 1998 1999 19801980 19851985 19901990 20002000 20202020a
computer1 internet1 google google123 facebook facebook1 youtube twitter instagram snapchat tiktok whatsapp
microsoft windows windows7 windows10 linux ubuntu apple123 iphone iphone123 android samsung1 nokia sony
playstation xbox xbox360 nintendo1 gameboy minecraft1 fortnite roblox pokemongo warcraft starcraft diablo3
halo call0fduty counterstrike steam gamer gamer123 gaming hacker hacker123 matrix123 cyber system system1
server network security security1 firewall backup database oracle mysql sql java python javascript php html
coding coder developer programmer admin2024 admin2025 guichet guichet123 guichet2024 guichet2025 guichet2026
billetterie billet billets ticket tickets ticketing evenement evenements festival concert spectacle theatre
company company123 business office office123 work work123 job money1 money123 cash dollar euro bitcoin crypto
rich success1 freedom1 liberty peace peace1 love123 love1234 lovelove1 truelove foreverlove forever1 always
together family1 family123 mother1 father mommy daddy mama papa maman papa123 maman123 sister brother baby
children kids school1 student teacher college university science history english french math physics chemistry
biology music music1 music123 guitar1 piano drums singer rock rocknroll metal punk jazz blues hiphop rapper
eminem1 tupac 50cent drake beyonce rihanna madonna michaeljackson elvis beatles1 queen1 nirvana1 metallica1
ac/dc acdc greenday linkinpark coldplay u2 abba pinkfloyd ledzeppelin rollingstones oasis radiohead muse daftpunk
indochine johnny1 hallyday stromae orelsan booba jul sch nekfeu pnl angele aya zaz edith piaf coffee1 coffee123
tea chocolate chocolate1 candy sugar honey1 cookies cupcake pizza pizza123 burger pasta sushi tacos cheese1
bacon steak chicken1 banana1 apple1 strawberry cherry1 peach mango lemon lime cherry123 blueberry blackberry
pineapple coconut watermelon vanilla caramel1 red blue1 green1 yellow1 purple1 pink black1 white silver1 gold
golden1 diamond1 crystal1 ruby emerald sapphire pearl jade amber onyx platinum1 titanium iron steel copper1
thunder1 lightning storm tornado hurricane rain snow snowflake ice fire1 fireball flame blaze inferno water ocean
sea river lake island beach sun sunny moon stars star galaxy universe planet earth mars jupiter saturn1 venus
mercury pluto1 cosmos space rocket1 nasa apollo11 enterprise voyager1 startrek1 spock kirk yoda chewbacca
vader leia hansolo r2d2 c3po obiwan anakin luke lukeskywalker sith lightsaber force jedi123 hobbit gandalf1
aragorn legolas sauron mordor narnia potter dumbledore snape hagrid weasley dobby quidditch hufflepuff slytherin
ravenclaw muggle magic1 wizard1 witch merlin1 excalibur camelot dragon12 unicorn pegasus phoenix1 griffin
mermaid fairy pixie elf dwarf troll goblin orc vampire werewolf zombie zombies monster1 alien aliens predator1
ghostbusters batmobile gotham joker1 harleyquinn superman123 krypton clarkkent spiderman123 peterparker ironman1
tonystark hulk123 thor123 asgard avengers1 blackwidow hawkeye captain123 shield xmen wolverine1 magneto storm1
gambit cyclops deadpool1 venom carnage thanos infinity gamora groot rocket123 starlord
`;

export const commonPasswords: ReadonlySet<string> = new Set(list.split(/\s+/).filter(Boolean));

/** Compared lower-cased: "Password1" is as weak as "password1". */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.normalize("NFKC").toLowerCase());
}
