/** Common passwords and base words (lower case), from public breach-frequency lists; the check also strips trailing digits and symbols. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  `password passw0rd p@ssword p@ssw0rd qwerty qwertyuiop qwerty123 qwerty1234 qwertyuiop123 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y
1qaz2wsx 1qaz2wsx3edc zaq12wsx zaq1zaq1 asdfghjkl asdfghjkl1 zxcvbnm zxcvbnm123 iloveyou iloveyou1 iloveyou12 iloveyou123
dragon monkey letmein football baseball basketball welcome welcome1 welcome123 admin admin123 administrator
sunshine princess shadow master michael superman batman trustno1 starwars whatever freedom computer
internet jennifer hunter ranger buster soccer hockey harley charlie jordan23 loveme lovely
secret secret123 changeme changeme123 default guest test test1234 testing testtest login abc123
abcd1234 abc12345 abcdef123 a1b2c3d4 a1b2c3d4e5 aa123456 password1 password12 password123 password1234 passwordpassword mypassword
newpassword yourpassword thepassword letmein123 letmeinnow qwertyqwerty 123qwe 123qweasd 123qweasdzxc 1234qwer qazwsx qazwsxedc
qazwsxedcrfv 987654321 9876543210 123456789 1234567890 0987654321 12345678910 1234567891 123123123 123123123123 111111111 1111111111
000000000 0000000000 121212121 112233445566 11223344 1122334455 147258369 159753 159753456 147852369 741852963 789456123
123456789a 123456789q a123456789 q123456789 qwe123456 aaaaaaaaaa monkey123 dragon123 football1 baseball1 sunshine1 princess1
charlie1 shadow123 master123 michael1 superman1 batman123 starwars1 whatever1 freedom1 computer1 internet1 pokemon
minecraft fortnite playstation nintendo liverpool chelsea arsenal manchester barcelona realmadrid juventus dinamo
hajduk zagreb hrvatska croatia volimte lozinka lozinka123 sifra sifra123 zaporka zaporka123 passwort
passwort123 hallo123 contraseña contrasena contrasena123 motdepasse passe123 parola parola123 пароль пароль123 йцукен
йцукенгшщз qwertz qwertzuiop asdfgh iloveu loveyou lovelove babygirl angel angel123 butterfly flower
jessica ashley amanda michelle nicole daniel thomas andrew robert william joshua matthew
anthony jordan tigger summer winter autumn spring hello hello123 helloworld welcome2024 welcome2025
welcome2026 summer2024 summer2025 summer2026 winter2024 winter2025 winter2026 spring2025 spring2026 autumn2025 autumn2026 company
company123 kontora kontora123 business office office123 manager manager123 employee support support123 service
samsung apple google facebook instagram linkedin twitter youtube tiktok microsoft windows linux
ubuntu oracle whatsup asdasd asdasdasd qweqwe qweqweqwe zxczxc zxczxczxc 12qwaszx 1qazxsw2 q1w2e3r4
q1w2e3r4t5 q1w2e3r4t5y6 1a2b3c4d5e mustang shelby corvette ferrari porsche mercedes yamaha hondacivic chocolate
cookie cheese pepper ginger banana orange blahblah nothing something anything everything forever
always together maverick matrix phoenix spiderman ironman avengers blink182 metallica nirvana slipknot
eminem`.split(/\s+/),
);
